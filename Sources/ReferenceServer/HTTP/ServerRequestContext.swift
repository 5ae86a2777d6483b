import Hummingbird

/// Per-request context: Hummingbird's core storage plus the exchange's transaction id, set by
/// ``EnvelopeMiddleware`` before any handler runs.
struct ServerRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var transactionId: String = ""

    init(source: Source) {
        self.coreContext = .init(source: source)
    }
}
