import CCurl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A CURLOPT_HTTPHEADER list built in one reusable block: the `curl_slist` nodes first, then their
/// NUL-terminated lines.
///
/// Almost every request of a campaign carries a new transaction id, so its list is rebuilt per
/// request; with `curl_slist_append` that was two `malloc`s per header plus the Swift strings for
/// each line (heaptrack: 17 of an operation's ~180 allocations). curl only reads a list's `data`
/// and `next` while the transfer runs and never frees it (the caller does), so a list laid out by
/// hand is the same list to curl. The block grows when a list needs more room and is otherwise
/// reused. Not thread-safe: it belongs to one ``Transfer``, whose owner builds it.
struct HeaderLines {
    private var block: UnsafeMutableRawPointer?
    private var capacity = 0

    /// The list's first node, valid until the next ``build(_:hasBody:)`` or ``release()``.
    private(set) var list: UnsafeMutablePointer<curl_slist>?

    /// Lays out `headers` (plus `Expect:` and an empty `Content-Type:` when there is a body and the
    /// caller set neither, which stops curl adding its own). "Name:" would delete a header in curl,
    /// so an empty value is sent as "Name;".
    /// - Throws: ``TransportError`` `.invalidRequest` for a field that would break the framing.
    mutating func build(_ headers: HTTPHeaders, hasBody: Bool) throws(TransportError) {
        var sawExpect = false
        var sawContentType = false
        var lines = 0
        var bytes = 0
        for field in headers {
            guard Self.isValid(field) else {
                throw TransportError(.invalidRequest, "bad header field '\(field.name)'")
            }
            sawExpect = sawExpect || HTTPHeaders.sameName(field.name, "expect")
            sawContentType = sawContentType || HTTPHeaders.sameName(field.name, "content-type")
            lines += 1
            bytes += field.name.utf8.count + (field.value.isEmpty ? 1 : 2 + field.value.utf8.count) + 1
        }
        let addExpect = hasBody && !sawExpect
        let addContentType = hasBody && !sawContentType
        lines += (addExpect ? 1 : 0) + (addContentType ? 1 : 0)
        bytes += (addExpect ? 8 : 0) + (addContentType ? 14 : 0)
        guard lines > 0 else {
            list = nil
            return
        }
        let nodesSize = lines * MemoryLayout<curl_slist>.stride
        reserve(nodesSize + bytes)
        let nodes = block!.bindMemory(to: curl_slist.self, capacity: lines)
        var text = (block! + nodesSize).assumingMemoryBound(to: UInt8.self)
        var index = 0
        func put(_ part: String) {
            for byte in part.utf8 {
                text.pointee = byte
                text += 1
            }
        }
        // One NUL-terminated line from up to three parts (no array of them: this runs per request), and its node.
        func line(_ a: String, _ b: String = "", _ c: String = "") {
            let start = text
            put(a)
            put(b)
            put(c)
            text.pointee = 0
            text += 1
            nodes[index] = curl_slist(
                data: UnsafeMutableRawPointer(start).assumingMemoryBound(to: CChar.self),
                next: index + 1 < lines ? nodes + index + 1 : nil
            )
            index += 1
        }
        for field in headers {
            if field.value.isEmpty { line(field.name, ";") } else { line(field.name, ": ", field.value) }
        }
        if addExpect { line("Expect:") }
        if addContentType { line("Content-Type:") }
        precondition(index == lines && text == (block! + nodesSize + bytes).assumingMemoryBound(to: UInt8.self))
        list = nodes
    }

    /// Frees the block.
    mutating func release() {
        free(block)
        block = nil
        capacity = 0
        list = nil
    }

    private mutating func reserve(_ size: Int) {
        guard size > capacity else { return }
        free(block)
        capacity = max(size, 256)
        guard let fresh = malloc(capacity) else { fatalError("out of memory for a \(capacity)-byte header list") }
        block = fresh
    }

    /// Rejects what would break the framing: an empty name, separators in the name, CR/LF/NUL anywhere.
    private static func isValid(_ field: HTTPHeader) -> Bool {
        guard !field.name.isEmpty else { return false }
        let nameOK = field.name.utf8.allSatisfy { $0 > 32 && $0 < 127 && $0 != UInt8(ascii: ":") }
        let valueOK = field.value.utf8.allSatisfy { $0 != 0 && $0 != 10 && $0 != 13 }
        return nameOK && valueOK
    }
}
