import Model
import Protocol
import Testing

@Suite("Values at the edges")
struct EdgeValueTests {
    typealias S = Sim

    @Test("A made-up value past 1,024 characters is -4000008 before any semantics; at 1,024 it is judged as unknown")
    func longValues() {
        var sim = Sim()
        for (length, code) in [(1024, ResultCode.memberNotExist), (1025, .parameterTooLong)] {
            let op = Op(id: 90 + length, action: .serverMember(user: .unknown), edge: .longValue(length))
            #expect(Set(sim.outcomes(op).map(\.code)) == [code])
        }
        let s = sim.login(S.d0)
        let key = Op(
            id: 200,
            action: .changeLogin(device: S.d0, token: S.token(s), ticket: .garbage, credential: .valid(S.g1)),
            edge: .longValue(1025)
        )
        #expect(Set(sim.outcomes(key).map(\.code)) == [.parameterTooLong])
        // A made-up IdP code in remove mapping's path: 3401 (the user has none) up to 1,024.
        for (length, code) in [(1024, ResultCode.removeMappingFailed), (1025, .parameterTooLong)] {
            let op = Op(
                id: 300 + length,
                action: .removeMapping(device: S.d0, token: S.token(s), idPCode: .madeUp),
                edge: .longValue(length)
            )
            #expect(Set(sim.outcomes(op).map(\.code)) == [code])
        }
        // A step without a made-up value in a limited field is judged as usual.
        let member = Op(id: 201, action: .getMember(device: S.d0, token: S.token(s)), edge: .longValue(1025))
        #expect(Set(sim.outcomes(member).map(\.code)) == [.success])
    }

    @Test(
        "Edge transaction ids have exactly their length, are the same for a step every time, and are valid header values"
    )
    func transactionIds() throws {
        for length in EdgeValue.transactionIdLengths {
            for unicode in [false, true] {
                let tid = try #require(EdgeValue.transactionId(length: length, unicode: unicode).transactionId(op: 7))
                #expect(tid.count == length)
                #expect(tid == EdgeValue.transactionId(length: length, unicode: unicode).transactionId(op: 7))
                #expect(
                    !tid.unicodeScalars.contains {
                        $0.value < 0x20 || $0.value == 0x7F || $0 == "\"" || $0 == "\\" || $0 == "$"
                    }
                )
                #expect(tid.first != " " && tid.last != " ")
                if unicode, length > 6 { #expect(tid.unicodeScalars.contains { !$0.isASCII }) }
            }
        }
        #expect(EdgeValue.longValue(5).transactionId(op: 1) == nil)
        #expect(EdgeValue.stretch("abc", to: 5) == "abcZZ" && EdgeValue.stretch("abcdef", to: 4) == "abcd")
    }
}
