import Protocol

/// One request of a calibration probe and what the target answered.
package struct Exchange: Sendable, Hashable {
    /// What was sent, in words and path (`guest login on device A: POST …/auth/login`).
    package var request: String
    /// The result code and the fields that mattered, or the failure (`3011 AUTH_INVALID_GAMEBASE_TOKEN`).
    package var answer: String

    package init(request: String, answer: String) {
        self.request = request
        self.answer = answer
    }
}

/// What calibration made of one knob: the value it decided (as the knob file writes it), or
/// `nil` when the target never showed the behaviour that decides it; why; and the exchanges that
/// decided it.
package struct KnobDecision: Sendable, Hashable {
    /// The dotted knob path of docs/PROTOCOL.md §5 (`tokens.deviceBound`).
    package var knob: String
    /// The value as a YAML scalar (`false`, `3005`, `many`, `[guest, google]`); `nil`: undecided.
    package var value: String?
    package var because: String
    package var evidence: [Exchange]

    package init(knob: String, value: String?, because: String, evidence: [Exchange]) {
        self.knob = knob
        self.value = value
        self.because = because
        self.evidence = evidence
    }

    package var isDecided: Bool { value != nil }
}

/// What a probe concluded, before it is attached to its knob and evidence.
package enum Verdict<Value: Sendable & Equatable>: Sendable, Equatable {
    case decided(Value, because: String)
    case undecided(String)

    package var value: Value? {
        if case .decided(let v, _) = self { return v }
        return nil
    }

    package var because: String {
        switch self {
        case .decided(_, let b), .undecided(let b): b
        }
    }
}
