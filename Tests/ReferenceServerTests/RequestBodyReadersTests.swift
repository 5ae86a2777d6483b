import Protocol
import RequestInput
import Testing

/// The readers the fuzz target `FuzzServerJSON` drives answer what the routes answer over HTTP
/// (BadInputTests, NumberAndLengthInputTests), so fuzzing them exercises the real checks.
@Suite("Request-body readers without a server")
struct RequestBodyReadersTests {
    func codes(_ body: String, now: Int64 = 0) -> [String: ResultCode] {
        RequestBodyReaders.check(Array(body.utf8), now: now)
    }

    @Test("every body-taking route is read, and bytes that are not JSON are -4150001 for each")
    func malformed() {
        let all = codes("{\"idPCode\": ")
        #expect(all.count == 15)
        #expect(all.values.allSatisfy { $0 == .malformedJSON })
        #expect(codes("[\"a\"]")["login"] == .malformedJSON, "an array where an object is expected")
        #expect(codes("{}")["getMembers"] == .malformedJSON, "an object where an array is expected")
    }

    @Test("the first-ranked problem of each route's body answers, as over HTTP")
    func ranked() {
        #expect(codes(#"{"idPCode":"guest"}"#)["login"] == .success)
        #expect(codes(#"{"idPCode":5}"#)["login"] == .wrongParameterType)
        #expect(codes(#"{"idPCode":"google"}"#)["login"] == .missingParameter)
        #expect(codes(#"{"expiresIn":2.0}"#)["issueTransferKey"] == .success)
        #expect(codes(#"{"expiresIn":1e400}"#)["issueTransferKey"] == .inappropriateValue)
        #expect(codes(#"{"renewalModeType":"SOMETIMES"}"#)["renewTransferAccount"] == .undefinedValue)
        #expect(codes(#"["a","b"]"#)["getMembers"] == .success)
        #expect(codes(#"{"seconds":-1}"#)["clockAdvance"] == .inappropriateValue)
        let ban = #"{"userIdList":["U"],"banTypeCode":"TEMPORARY","end":"2019-08-27T17:41:05+09:00"}"#
        #expect(codes(ban, now: 0)["ban"] == .success)
        #expect(codes(ban, now: 2_000_000_000_000)["ban"] == .inappropriateValue, "end is not after now")
        let query = #"{"begin":"2019-08-27T17:41:05Z","end":"2019-08-28T00:00:00Z","size":"1E2"}"#
        #expect(codes(query)["withdrawalLog(query)"] == .success)
    }
}
