/// Bounds how many heavy test cases (each starts a server and a campaign) run at once, so a
/// parallel test run on a small machine does not starve them.
package actor ConcurrencyLimit {
    private var free: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    package init(_ n: Int) { free = n }

    /// Runs `body` once a slot is free; the slot is released when it returns or throws.
    package func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func release() {
        if waiters.isEmpty { free += 1 } else { waiters.removeFirst().resume() }
    }

    /// The limit shared by the end-to-end fuzz cases.
    package static let endToEnd = ConcurrencyLimit(3)
}
