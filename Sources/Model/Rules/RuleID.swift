import Protocol

/// A rule id of docs/PROTOCOL.md §6 (`M1`, `T8`…), or an endpoint section (`E1`…`E15`) when an
/// answer breaks the endpoint's contract without breaking a numbered rule.
package struct RuleID: InternedNameWrapper, Sendable {
    /// Compared and hashed as a number (``InternedNameWrapper``).
    package let name: InternedName
    package init(name: InternedName) { self.name = name }

    package static let M1: RuleID = "M1", M2: RuleID = "M2", M3: RuleID = "M3", M4: RuleID = "M4"
    package static let M5: RuleID = "M5", M6: RuleID = "M6", M7: RuleID = "M7", M8: RuleID = "M8"
    package static let M9: RuleID = "M9", M10: RuleID = "M10", M11: RuleID = "M11"
    package static let L1: RuleID = "L1", L2: RuleID = "L2", L4: RuleID = "L4", L5: RuleID = "L5"
    package static let L7: RuleID = "L7", L10: RuleID = "L10", L11: RuleID = "L11", L12: RuleID = "L12"
    package static let L13: RuleID = "L13", L14: RuleID = "L14", L15: RuleID = "L15", F1: RuleID = "F1"
    package static let W1: RuleID = "W1", W2: RuleID = "W2", W4: RuleID = "W4", W5: RuleID = "W5"
    package static let W6: RuleID = "W6", W7: RuleID = "W7"
    package static let T1: RuleID = "T1", T2: RuleID = "T2", T3: RuleID = "T3", T4: RuleID = "T4"
    package static let T5: RuleID = "T5", T6: RuleID = "T6", T7: RuleID = "T7", T8: RuleID = "T8"
    package static let T10: RuleID = "T10", T11: RuleID = "T11", T12: RuleID = "T12", T13: RuleID = "T13"
    package static let T14: RuleID = "T14", T15: RuleID = "T15"
    package static let B1: RuleID = "B1", B2: RuleID = "B2", B4: RuleID = "B4", B5: RuleID = "B5"
    package static let B6: RuleID = "B6"
    package static let X1: RuleID = "X1", X2: RuleID = "X2"
    package static let E1: RuleID = "E1", E3: RuleID = "E3", E4: RuleID = "E4", E7: RuleID = "E7"
    package static let E8: RuleID = "E8", E11: RuleID = "E11", E13: RuleID = "E13", E14: RuleID = "E14"
    package static let E15: RuleID = "E15", E16: RuleID = "E16", TC: RuleID = "TC"
    /// A shared-pool history no linearization explains (the linearizability checker, docs/MODEL.md).
    package static let LIN: RuleID = "LIN"

    /// Every rule of docs/PROTOCOL.md §6, in table order.
    package static let protocolRules: [RuleID] = [
        .M1, .M2, .M3, .M4, .M5, .M6, .M7, .M8, .M9, .M10, .M11, .L1, .L2, .L4, .L5, .L7, .L10, .L11, .L12, .L13,
        .L14, .L15, .F1, .W1, .W2, .W4, .W5, .W6, .W7, .T1, .T2, .T3, .T4, .T5, .T6, .T7, .T8, .T10, .T11, .T12, .T13,
        .T14,
        .T15, .B1, .B2, .B4, .B5, .B6, .X1, .X2,
    ]

    /// Every id a violation can carry: the rules, the endpoint sections, test control and the
    /// linearizability checker.
    package static let reportable: [RuleID] =
        protocolRules + [.E1, .E3, .E4, .E7, .E8, .E11, .E13, .E14, .E15, .E16, .TC, .LIN]
}
