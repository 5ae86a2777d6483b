extension Action {
    /// The action's more permissive variants: the same request with an option set that makes it
    /// succeed in more states. A login with `ignoreAlreadyLoggedIn` set no longer needs the device
    /// logged out first (L7), so the steps that only logged it out (a withdrawal, a logout, a clock
    /// advance past the session's lifetime) can go. Each variant only sets options, never clears
    /// one, so relaxing repeatedly ends.
    package var relaxations: [Action] {
        switch self {
        case .loginGuest(let d, false): [.loginGuest(device: d, ignoreAlreadyLoggedIn: true)]
        case .loginIdP(let d, let c, false): [.loginIdP(device: d, credential: c, ignoreAlreadyLoggedIn: true)]
        default: []
        }
    }
}
