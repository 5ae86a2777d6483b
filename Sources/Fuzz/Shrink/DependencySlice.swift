import Model

/// Keeps only the steps the failing (last) step depends on: those that share a device, an account
/// or a symbol with it, transitively, and the steps producing the symbols they use; clock advances
/// always stay (they move every deadline).
package struct DependencySlice: ShrinkPass {
    package init() {}
    package var name: String { "slice" }

    package func candidates(_ current: [Op]) -> [[Op]] {
        let s = Self.slice(current)
        return s.count < current.count ? [s] : []
    }

    /// The steps the last one depends on through shared devices, accounts and symbols.
    package static func slice(_ ops: [Op]) -> [Op] {
        guard let last = ops.last else { return ops }
        var devices: Set<DeviceRef> = []
        var accounts: Set<AccountRef> = []
        var symbols: Set<Sym> = []
        func absorb(_ op: Op) {
            if let d = op.action.device { devices.insert(d) }
            if let a = op.action.credential?.account { accounts.insert(a) }
            if case .loginGuest(let d, _) = op.action { accounts.insert(.guest(d)) }
            symbols.formUnion(op.action.references)
        }
        absorb(last)
        var keep = [last]
        for op in ops.dropLast().reversed() {
            let produces = Sym.Kind.allCases.contains { symbols.contains(Sym($0, op.id)) }
            let touches =
                op.action.device.map(devices.contains) ?? false
                || (op.action.credential?.account).map(accounts.contains) ?? false
                || op.action.references.contains(where: symbols.contains)
            if case .advanceClock = op.action {
                keep.append(op)
            } else if produces || touches {
                absorb(op)
                keep.append(op)
            }
        }
        return keep.reversed()
    }
}
