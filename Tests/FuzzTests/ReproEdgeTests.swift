import Foundation
import Fuzz
import Model
import Protocol
import Testing

@Suite("Reproducer files with edge values")
struct ReproEdgeTests {
    func file(edge: String) -> URL {
        let json = """
            {"schema": "\(ReproFile.schemaName)", "rule": "X1", "message": "m", "field": "f", "expected": "e",
             "observed": "o", "seed": 1, "semantics": {}, "capabilities": {"serverAPI": true, "testControl": true},
             "target": {"baseURL": "http://127.0.0.1:1", "appId": "gbfuzz", "embedded": true, "bugs": []},
             "originalLength": 1,
             "steps": [{"id": 1, "kind": "login.guest", "text": "login.guest d0", "expectedCodes": [0],
                        "action": {"loginGuest": {"device": 0, "ignoreAlreadyLoggedIn": false}}, \(edge)}]}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "edge-\(UInt32.random(in: 0...UInt32.max)).json"
        )
        try? Data(json.utf8).write(to: url)
        return url
    }

    @Test("An edge value is kept by a reproducer file; one outside 1…8,192 characters is refused, never trusted")
    func edges() throws {
        let good = try ReproFile.load(file(edge: #""edge": {"transactionId": {"length": 65, "unicode": false}}"#))
        #expect(good.sequence.first?.edge == .transactionId(length: 65, unicode: false))
        for bad in [
            #""edge": {"longValue": {"_0": -1}}"#,
            #""edge": {"transactionId": {"length": 100000000, "unicode": true}}"#,
        ] {
            #expect(throws: ReproError.self) { try ReproFile.load(file(edge: bad)) }
        }
    }
}
