import Foundation

/// A recorded run: the header and the operations in invoke order (`history.jsonl`, schema
/// `gbfuzz.history/1`, docs/RESULTS.md). Written one line at a time while a run goes
/// (``HistoryHeader/jsonLine()``, ``HistoryEntry/jsonLine()``), read and validated whole
/// (``History/read(path:)``, ``History/parse(_:source:)``).
package struct History: Sendable {
    package var header: HistoryHeader
    package var entries: [HistoryEntry]

    package init(header: HistoryHeader, entries: [HistoryEntry]) {
        self.header = header
        self.entries = entries
    }

    /// The whole history as JSON Lines (each line ends with a newline).
    package func jsonLines() throws -> Data {
        var out = try header.jsonLine()
        out.append(0x0A)
        for e in entries {
            out.append(try e.jsonLine())
            out.append(0x0A)
        }
        return out
    }

    static func encoder() -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return e
    }
}

extension HistoryHeader {
    /// The header line, without its newline.
    package func jsonLine() throws -> Data { try History.encoder().encode(self) }
}

extension HistoryEntry {
    /// The entry's line, without its newline.
    package func jsonLine() throws -> Data { try History.encoder().encode(self) }
}
