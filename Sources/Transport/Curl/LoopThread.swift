import CCurl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a detached POSIX thread running `body`. The loop must own its thread (it blocks in
/// `curl_multi_poll`), so it cannot be a task on the cooperative pool.
enum LoopThread {
    private final class Box {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// The thread entry point; a global `let`-style static so it is never inferred `@MainActor`.
    private static let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { arg in
        let box = Unmanaged<Box>.fromOpaque(arg!).takeRetainedValue()
        ccurl_set_thread_name(String(box.name.prefix(15)))
        box.body()
        return nil
    }

    /// - Throws: ``TransportError`` `.other` when the thread cannot be created.
    static func start(name: String, _ body: @escaping @Sendable () -> Void) throws(TransportError) {
        let box = Unmanaged.passRetained(Box(name: name, body: body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let rc = pthread_create(&thread, &attributes, entry, box)
        pthread_attr_destroy(&attributes)
        if rc != 0 {
            Unmanaged<Box>.fromOpaque(box).release()
            throw TransportError(.other, "pthread_create failed: \(rc)")
        }
    }

    /// The calling thread's identity, comparable with what a loop recorded.
    static var currentID: UInt {
        #if canImport(Glibc)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }
}
