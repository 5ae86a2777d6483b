import Foundation
import Synchronization
import Transport

#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 server for tests (transport, load engine): POSIX sockets, one thread per connection, keep-alive,
/// Content-Length bodies, and a handler that decides per request what the server does.
/// Binds 127.0.0.1 on an ephemeral port.
package final class TestHTTPServer: Sendable {
    /// A parsed request as the server saw it.
    package struct Request: Sendable {
        package var method: String
        package var target: String
        package var headers: HTTPHeaders
        package var body: [UInt8]
    }

    /// What the server does with one request.
    package indirect enum Reply: Sendable {
        /// A normal response; `close` adds `Connection: close` and closes after writing.
        case respond(status: Int, headers: [HTTPHeader], body: [UInt8], close: Bool)
        /// Waits, then does the inner reply.
        case delay(Duration, Reply)
        /// Reads nothing more and answers nothing until the client goes away.
        case neverAnswer
        /// Closes the connection without answering.
        case closeConnection
        /// Writes these bytes verbatim (not HTTP), then closes.
        case raw([UInt8])
    }

    package typealias Handler = @Sendable (Request) -> Reply

    package let port: UInt16
    package var baseURL: String { "http://127.0.0.1:\(port)" }
    /// Connections accepted so far.
    package var acceptedConnections: Int { accepted.load(ordering: .acquiring) }
    /// Requests fully read so far.
    package var requestsReceived: Int { received.load(ordering: .acquiring) }

    private let listener: Int32
    private let handler: Handler
    private let accepted = Atomic<Int>(0)
    private let received = Atomic<Int>(0)
    private let connections = Mutex<Set<Int32>>([])
    private let stopped = Atomic<Bool>(false)

    package init(handler: @escaping Handler) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket: \(errno)") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 1024) == 0 else {
            close(fd)
            throw ServerError("bind/listen: \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = UInt16(bigEndian: address.sin_port)
        self.listener = fd
        self.handler = handler
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops accepting and closes every open connection (unblocking their threads).
    package func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for fd in connections.withLock({ $0 }) { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    deinit { stop() }

    private func acceptLoop() {
        while !stopped.load(ordering: .acquiring) {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            accepted.add(1, ordering: .releasing)
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            connections.withLock { _ = $0.insert(fd) }
            Thread.detachNewThread { [self] in
                serve(fd)
                connections.withLock { _ = $0.remove(fd) }
                close(fd)
            }
        }
    }

    /// Serves requests on one connection until either side closes it.
    private func serve(_ fd: Int32) {
        var reader = SocketReader(fd: fd)
        while let request = reader.readRequest() {
            received.add(1, ordering: .releasing)
            guard perform(handler(request), on: fd, reader: &reader) else { return }
        }
    }

    /// Carries out a reply; false means the connection is finished.
    private func perform(_ reply: Reply, on fd: Int32, reader: inout SocketReader) -> Bool {
        switch reply {
        case .respond(let status, let headers, let body, let close):
            var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Length: \(body.count)\r\n"
            for header in headers { head += "\(header.name): \(header.value)\r\n" }
            if close { head += "Connection: close\r\n" }
            head += "\r\n"
            guard writeAll(fd, Array(head.utf8) + body) else { return false }
            return !close
        case .delay(let duration, let inner):
            let (seconds, attoseconds) = duration.components
            usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
            return perform(inner, on: fd, reader: &reader)
        case .neverAnswer:
            reader.drainUntilClosed()
            return false
        case .closeConnection:
            return false
        case .raw(let bytes):
            _ = writeAll(fd, bytes)
            return false
        }
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes {
                send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 500: "Internal Server Error"
        default: "Status"
        }
    }
}

package struct ServerError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
