import Foundation
import Model
import Protocol
import Synchronization

extension History {
    /// Reads and validates a `history.jsonl`. Never traps on bad input: every problem is a
    /// ``HistoryError`` naming the file and the line.
    package static func read(path: String) throws(HistoryError) -> History {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw HistoryError(.unreadable, source: path, "cannot read the file: \(error.localizedDescription)")
        }
        return try parse(data, source: path)
    }

    /// Parses and validates history text (see docs/RESULTS.md, "history.jsonl").
    package static func parse(_ data: Data, source: String) throws(HistoryError) -> History {
        let lines = splitLines(data)
        guard let first = lines.first, !first.isEmpty else {
            throw HistoryError(.malformed, source: source, line: 1, "empty: line 1 must be the header")
        }
        let decoder = JSONDecoder()
        let header: HistoryHeader
        do {
            header = try decoder.decode(HistoryHeader.self, from: first)
        } catch {
            throw HistoryError(.malformed, source: source, line: 1, "bad header: " + describe(error))
        }
        try validate(header, source: source)
        let decoded = decodeEntries(Array(lines.dropFirst()))
        var entries: [HistoryEntry] = []
        entries.reserveCapacity(decoded.count)
        var ids: Set<Int> = []
        for (i, result) in decoded.enumerated() {
            let line = i + 2
            let entry: HistoryEntry
            switch result {
            case .success(let e): entry = e
            case .failure(let f): throw HistoryError(.malformed, source: source, line: line, f.message)
            }
            try validate(entry, position: i, previous: entries.last, source: source, line: line)
            guard ids.insert(entry.op.id).inserted else {
                throw HistoryError(
                    .inconsistent,
                    source: source,
                    line: line,
                    "op.id \(entry.op.id) is used twice (ids are unique across players)"
                )
            }
            entries.append(entry)
        }
        return History(header: header, entries: entries)
    }

    struct DecodeFailure: Error {
        var message: String
    }

    /// Decodes entry lines with Foundation's `JSONDecoder`, in chunks on every core (decoding is
    /// most of the cost of reading). A run never parses its history (it converts its records
    /// directly), so only `gbfuzz check FILE` pays for this; a hand-written reader was tried and
    /// dropped as not needed.
    static func decodeEntries(_ lines: [Data]) -> [Result<HistoryEntry, DecodeFailure>] {
        let n = lines.count
        guard n > 0 else { return [] }
        let chunks = min(n, max(1, ProcessInfo.processInfo.activeProcessorCount) * 4)
        let decoded = Mutex([[Result<HistoryEntry, DecodeFailure>]](repeating: [], count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            let decoder = JSONDecoder()
            var out: [Result<HistoryEntry, DecodeFailure>] = []
            for i in (c * n / chunks)..<((c + 1) * n / chunks) {
                let text = lines[i]
                if text.isEmpty {
                    out.append(.failure(DecodeFailure(message: "empty line")))
                    continue
                }
                do {
                    out.append(.success(try decoder.decode(HistoryEntry.self, from: text)))
                } catch {
                    out.append(.failure(DecodeFailure(message: describe(error))))
                }
            }
            decoded.withLock { $0[c] = out }
        }
        return decoded.withLock { $0.flatMap { $0 } }
    }

    /// Lines without their terminators; a final newline does not start another line.
    static func splitLines(_ data: Data) -> [Data] {
        var ranges: [Range<Int>] = []
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var start = 0
            for i in 0..<raw.count where raw[i] == 0x0A {
                ranges.append(start..<(i > start && raw[i - 1] == 0x0D ? i - 1 : i))
                start = i + 1
            }
            if start < raw.count { ranges.append(start..<(raw[raw.count - 1] == 0x0D ? raw.count - 1 : raw.count)) }
        }
        let base = data.startIndex
        return ranges.map { data.subdata(in: (base + $0.lowerBound)..<(base + $0.upperBound)) }
    }

    private static func validate(_ h: HistoryHeader, source: String) throws(HistoryError) {
        guard h.schema == HistoryHeader.currentSchema else {
            throw HistoryError(
                .schema,
                source: source,
                line: 1,
                "schema \"\(h.schema)\" is not \"\(HistoryHeader.currentSchema)\""
            )
        }
        guard h.dropped >= 0, h.dropped == 0 || h.completeBeforeNs != nil else {
            throw HistoryError(
                .inconsistent,
                source: source,
                line: 1,
                "dropped \(h.dropped) needs complete_before_ns (when the history stops being complete)"
            )
        }
        if let problem = h.semantics.problems().first {
            throw HistoryError(.inconsistent, source: source, line: 1, "semantics: \(problem)")
        }
        guard !h.identities.isEmpty else {
            throw HistoryError(.inconsistent, source: source, line: 1, "identities (the shared salt) is empty")
        }
        guard GamebaseDate.parseISO8601(h.startedAt) != nil else {
            throw HistoryError(
                .inconsistent,
                source: source,
                line: 1,
                "started_at \"\(h.startedAt)\" is not an ISO 8601 date-time"
            )
        }
    }

    private static func validate(
        _ e: HistoryEntry,
        position: Int,
        previous: HistoryEntry?,
        source: String,
        line: Int
    ) throws(HistoryError) {
        func fail(_ m: String) -> HistoryError { HistoryError(.inconsistent, source: source, line: line, m) }
        guard e.index == position else { throw fail("index \(e.index) should be \(position) (0-based line order)") }
        guard e.process >= -1 else { throw fail("process \(e.process) is below -1 (-1: the audit probes)") }
        if let p = previous, e.invokeNs < p.invokeNs {
            throw fail(
                "invoke_ns \(e.invokeNs) is before the previous entry's \(p.invokeNs) (entries are in invoke order)"
            )
        }
        if let r = e.returnNs, r < e.invokeNs { throw fail("return_ns \(r) is before invoke_ns \(e.invokeNs)") }
        if e.answer != nil, e.returnNs == nil { throw fail("an answer without return_ns") }
        guard e.window.lo <= e.window.hi else { throw fail("window lo \(e.window.lo) is after hi \(e.window.hi)") }
    }

    /// A decoding error as one line: where in the line, and what.
    static func describe(_ error: any Error) -> String {
        func path(_ p: [any CodingKey]) -> String {
            p.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }.description
        }
        guard let e = error as? DecodingError else { return "\(error)" }
        switch e {
        case .keyNotFound(let key, let ctx):
            let at = path(ctx.codingPath)
            return "missing key \"\(key.stringValue)\"" + (at.isEmpty ? "" : " in \(at)")
        case .typeMismatch(let type, let ctx):
            return "\(path(ctx.codingPath)): expected \(type) (\(ctx.debugDescription))"
        case .valueNotFound(let type, let ctx):
            return "\(path(ctx.codingPath)): expected \(type), found null"
        case .dataCorrupted(let ctx):
            let at = path(ctx.codingPath)
            if at.isEmpty, ctx.underlyingError != nil { return "not valid JSON" }
            return (at.isEmpty ? "" : "\(at): ") + ctx.debugDescription
        @unknown default:
            return "\(e)"
        }
    }
}
