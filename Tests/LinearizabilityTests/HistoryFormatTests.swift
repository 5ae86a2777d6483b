import Foundation
import Linearizability
import Model
import Protocol
import Testing

/// `history.jsonl` (schema `gbfuzz.history/2`): written with the same types that read it; bad input
/// is refused with its line number, never a crash.
@Suite("history.jsonl: reading and writing")
struct HistoryFormatTests {
    static func sample() async -> History {
        var w = World()
        var t = Timeline()
        t.sequential([
            await w.run(1, .loginIdP(device: d0, credential: .valid(g1), ignoreAlreadyLoggedIn: false)),
            await w.run(2, .loginGuest(device: d1, ignoreAlreadyLoggedIn: false)),
            await w.run(3, .addMapping(device: d1, token: token(2), credential: .valid(g1))),
        ])
        t.add(await w.run(4, .getMember(device: d0, token: token(1))).lost, 1000, 0, process: 3)
        var h = t.history
        h.entries[1].burst = 7
        return h
    }

    @Test("a history written line by line reads back the same")
    func roundTrip() async throws {
        let h = await Self.sample()
        let data = try h.jsonLines()
        let back = try History.parse(data, source: "mem")
        #expect(back.header == h.header)
        #expect(back.entries.count == h.entries.count)
        #expect(try back.jsonLines() == data)
        #expect(back.entries[3].answer == nil && back.entries[3].returnNs == nil)
        #expect(back.entries[1].burst == 7)
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[0].contains("\"schema\":\"gbfuzz.history/2\""))
        #expect(lines[4].contains("\"return_ns\":null") && lines[4].contains("\"answer\":null"))
        #expect(lines[1].contains("\"answer\":{\"body\":"))
        #expect(lines[1].contains("\"kind\":\"client\""))
    }

    @Test("every kind of answer round-trips with its tag", arguments: Observation.Kind.allCases)
    func everyObservationKind(_ kind: Observation.Kind) throws {
        let header = ResponseHeader(transactionId: "t", code: .success)
        let json: String =
            switch kind {
            case .client: #"{"header":\#(Self.header),"token":{"accessToken":"x","expirationDate":1}}"#
            case .tokenAuthentication: #"{"header":\#(Self.header),"linkedIdP":{"idPCode":"google","idPId":"g"}}"#
            case .member: #"{"header":\#(Self.header)}"#
            case .members: #"{"header":\#(Self.header),"memberList":[]}"#
            case .idPMembers: #"{"header":\#(Self.header),"result":{"g":"U"}}"#
            case .ban: #"{"header":\#(Self.header),"failedUserIdList":["U"]}"#
            case .validate: #"{"header":\#(Self.header)}"#
            case .empty: #"{"header":\#(Self.header)}"#
            case .clock: #"{"header":\#(Self.header),"clock":{"now":1,"offsetMs":0,"frozen":true}}"#
            case .graceBan: #"{"header":\#(Self.header),"graceBanInfo":{"gracePeriodDate":5,"message":"m"}}"#
            case .idPProfile:
                #"{"header":\#(Self.header),"idPCode":"google","idPId":"g","idPAccessToken":"t","idPProfile":{"id":"g"}}"#
            case .withdrawHistories:
                #"{"header":\#(Self.header),"pagingInfo":{"first":true,"last":true,"numberOfElements":1,"page":0,"size":100,"totalElements":1,"totalPages":1},"result":[{"userId":"U","date":"2026-01-01T00:00:00.000+00:00","eventLogType":"WAA"}]}"#
            }
        let tagged = Data(#"{"kind":"\#(kind.rawValue)","body":\#(json)}"#.utf8)
        let obs = try JSONDecoder().decode(Observation.self, from: tagged)
        #expect(obs.kind == kind)
        #expect(obs.header == header)
        let again = try JSONDecoder().decode(Observation.self, from: try JSONEncoder().encode(obs))
        #expect(again.kind == kind)
        let e = JSONEncoder()
        e.outputFormatting = .sortedKeys
        #expect(try e.encode(again) == (try e.encode(obs)))
    }

    static let header = #"{"transactionId":"t","isSuccessful":true,"resultCode":0,"resultMessage":"SUCCESS"}"#

    /// The sample's lines, with line `n` (1-based) replaced.
    static func lines(replacing n: Int, with text: String) async throws -> Data {
        var lines = String(decoding: try await sample().jsonLines(), as: UTF8.self).split(separator: "\n").map(
            String.init
        )
        lines[n - 1] = text
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    static func error(_ data: Data) -> HistoryError? {
        do {
            _ = try History.parse(data, source: "h.jsonl")
            return nil
        } catch {
            return error
        }
    }

    @Test("a line that is not JSON is refused with its line number")
    func notJSON() async throws {
        let e = try #require(Self.error(try await Self.lines(replacing: 3, with: "{not json")))
        #expect(e.line == 3 && e.code == .malformed)
        #expect(e.description.hasPrefix("h.jsonl:3: "), "\(e)")
    }

    @Test("a missing key, an unknown answer kind and a bad symbol are refused with their line")
    func badShapes() async throws {
        let good = String(decoding: try await Self.sample().jsonLines(), as: UTF8.self).split(separator: "\n")
        let line2 = String(good[1])
        let cases: [(String, String)] = [
            (line2.replacingOccurrences(of: "\"process\":0,", with: ""), "process"),
            (line2.replacingOccurrences(of: "\"kind\":\"client\"", with: "\"kind\":\"teapot\""), "teapot"),
            (line2.replacingOccurrences(of: "\"window\":{", with: "\"window\":7,\"x\":{"), "window"),
        ]
        for (text, mention) in cases {
            let e = try #require(Self.error(try await Self.lines(replacing: 2, with: text)), "\(mention)")
            #expect(e.line == 2 && e.code == .malformed, "\(e)")
            #expect(e.message.contains(mention), "\(e)")
        }
    }

    @Test("entries that break the format's rules are refused with their line")
    func inconsistent() async throws {
        let good = String(decoding: try await Self.sample().jsonLines(), as: UTF8.self).split(separator: "\n")
        let line3 = String(good[2])
        let cases: [(String, String)] = [
            (line3.replacingOccurrences(of: "\"index\":1", with: "\"index\":5"), "index 5"),
            (line3.replacingOccurrences(of: "\"return_ns\":150", with: "\"return_ns\":99"), "before invoke_ns"),
            (
                line3.replacingOccurrences(of: "\"return_ns\":150", with: "\"return_ns\":null"),
                "answer without return_ns"
            ),
            (line3.replacingOccurrences(of: "\"id\":2", with: "\"id\":1"), "used twice"),
        ]
        for (text, mention) in cases {
            #expect(text != line3, "\(mention): the replacement did not apply")
            let e = try #require(Self.error(try await Self.lines(replacing: 3, with: text)), "\(mention)")
            #expect(e.line == 3 && e.code == .inconsistent, "\(e)")
            #expect(e.message.contains(mention), "\(e)")
        }
    }

    @Test("a header of another schema, an empty file and a blank line are refused")
    func headerAndBlanks() async throws {
        let good = String(decoding: try await Self.sample().jsonLines(), as: UTF8.self).split(separator: "\n")
        let schema = try #require(
            Self.error(
                try await Self.lines(
                    replacing: 1,
                    with: good[0].replacingOccurrences(of: "history/2", with: "history/1")
                )
            )
        )
        #expect(schema.code == .schema && schema.line == 1)
        let empty = try #require(Self.error(Data()))
        #expect(empty.line == 1)
        let blank = try #require(Self.error(try await Self.lines(replacing: 3, with: "")))
        #expect(blank.line == 3 && blank.message.contains("empty line"))
        #expect(Self.error(Data([0xFF, 0xFE, 0x0A])) != nil)
    }

    @Test("a file that does not exist is unreadable, not a crash")
    func missingFile() {
        #expect(throws: HistoryError.self) { try History.read(path: "/nonexistent/history.jsonl") }
    }
}
