extension Action {
    /// The action's more permissive variants: the same request with an option set that makes it
    /// succeed in more states. A login with `ignoreAlreadyLoggedIn` set no longer needs the device
    /// logged out first (L7), so the steps that only logged it out (a withdrawal, a logout, a clock
    /// advance past the session's lifetime) can go. An E15 query becomes its first page at the
    /// largest size. Each variant only sets options, never clears one, and a relaxed query relaxes
    /// no further, so relaxing repeatedly ends.
    package var relaxations: [Action] {
        switch self {
        case .loginGuest(let d, false): [.loginGuest(device: d, ignoreAlreadyLoggedIn: true)]
        case .loginIdP(let d, let c, false): [.loginIdP(device: d, credential: c, ignoreAlreadyLoggedIn: true)]
        case .serverWithdrawals(let q)
        where HistoryQuery.pages.contains(q.page) && HistoryQuery.sizes.contains(q.size)
            && (q.page != 0 || q.size != HistoryQuery.sizes.upperBound):
            // An E15 page holds every player's withdrawals in the window, so which one lands on a
            // later or short page depends on what others did: the first, largest page holds the
            // sequence's own whatever else the target holds, so a finding there replays.
            [.serverWithdrawals(query: q.firstFullPage)]
        default: []
        }
    }
}
