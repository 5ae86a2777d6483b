import Foundation

/// A recorded run: the header and the operations in invoke order (`history.jsonl`, schema
/// `gbfuzz.history/2`, docs/RESULTS.md). Written one line at a time while a run goes
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

    /// What can be judged soundly, and how many entries that leaves out. A history the recorder
    /// could not keep whole (``HistoryHeader/completeBeforeNs``) lacks operations invoked from that
    /// instant on, which may have taken effect before answers that arrived after it. Cut there:
    /// entries invoked later are left out and answers that arrived later are set aside (maybe
    /// applied). Every operation left out was invoked after every answer kept had arrived, so a
    /// linearization of the whole run, cut after its last kept answer, is one of what remains: a
    /// violation of the cut history is one of the run.
    package var checkable: (history: History, unchecked: Int) {
        guard let cut = header.completeBeforeNs else { return (self, 0) }
        var kept: [HistoryEntry] = []
        for var e in entries where e.invokeNs < cut {
            if let r = e.returnNs, r >= cut {
                e.answer = nil
                e.returnNs = nil
            }
            kept.append(e)
        }
        return (History(header: header, entries: kept), entries.count - kept.count)
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
