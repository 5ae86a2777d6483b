import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 child channel, with each connection's task running on the connection's
/// own event loop (``EventLoopExecutor``) instead of the global concurrency pool.
///
/// Handlers therefore run on an event loop thread: they may block it only briefly (the database
/// reads of token login do; writes suspend until their group commit, ``GroupCommitWriter``).
struct EventLoopPinnedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value
    let inner: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await withTaskExecutorPreference(EventLoopExecutor.of(value.channel.eventLoop)) {
            await inner.handle(value: value, logger: logger)
        }
    }

    /// The server builder for `Application(server:)`.
    static func builder(_ configuration: HTTP1Channel.Configuration = .init()) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            EventLoopPinnedHTTP1Channel(inner: HTTP1Channel(responder: responder, configuration: configuration))
        }
    }
}
