import Model

extension Player {
    /// Plans an operation that touches the focused identity: the burst's kind when the player's
    /// state allows it, else any kind (the focus narrows the devices and accounts the planners
    /// choose from). A focused TransferAccount is logged into, mostly with a wrong password.
    mutating func planFocused(_ focus: Focus, preferring kind: OperationKind?) -> Action? {
        if case .transferAccount(let id, let password, _) = focus {
            let pw: CredentialArg = chance(0.8) ? .wrong : .value(password)
            let credentials = TransferCredentials(id: .value(id), password: pw)
            return kind == .serverValidate && configuration.weight(.serverValidate) > 0
                ? .serverValidate(credentials: credentials)
                : .transferLogin(device: pickDevice(), credentials: credentials)
        }
        if let kind, let action = plan(kind, adversarial: chance(configuration.adversarialShare)) { return action }
        for _ in 0..<8 {
            if let action = plan(chooseKind(), adversarial: chance(configuration.adversarialShare)) { return action }
        }
        return nil
    }
}

extension Player {
    /// The TransferAccounts this player's view holds with both credentials known: burst targets
    /// for other players.
    package var issuedTransferAccounts: [Focus] {
        let st = belief.primary
        return st.transferAccounts.values.compactMap { ta in
            guard let id = st.value(of: ta.id), let pw = st.value(of: ta.password) else { return nil }
            return .transferAccount(id: ta.id, password: ta.password, values: [ta.id: id, ta.password: pw])
        }
    }
}
