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
            for edge in [EdgeValue.longValue(length), .longUnicodeValue(length)] {
                let op = Op(id: 90 + length, action: .serverMember(user: .unknown), edge: edge)
                #expect(Set(sim.outcomes(op).map(\.code)) == [code], "\(edge)")
            }
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

    @Test("Stretching gives exactly length code points: the value's first ones, then the pad's in turn, ASCII or not")
    func stretchMatchesItsDefinition() {
        func reference(_ value: String, _ length: Int, _ pad: String) -> String {
            var out = Array(value.unicodeScalars.prefix(max(0, length)))
            let filler = Array(pad.unicodeScalars)
            var i = 0
            while out.count < length, !filler.isEmpty {
                out.append(filler[i % filler.count])
                i += 1
            }
            var s = String.UnicodeScalarView()
            s.append(contentsOf: out)
            return String(s)
        }
        let values = ["", "a", "r7f3a.s0.p3.d1.", "é漢😀x", "abc\u{301}"]
        let pads = ["Z", "x_-", "é漢😀", "", "a\u{301}"]
        for value in values {
            for pad in pads {
                for length in [-1, 0, 1, 3, 16, 128, 129, 1_025] {
                    let out = EdgeValue.stretch(value, to: length, pad: pad)
                    // Scalar by scalar: `==` on strings would accept a canonically equivalent answer.
                    #expect(
                        Array(out.unicodeScalars) == Array(reference(value, length, pad).unicodeScalars),
                        "\(value) \(pad) \(length)"
                    )
                    if !pad.isEmpty { #expect(out.unicodeScalars.count == max(0, length)) }
                }
            }
        }
    }

    @Test("A date in another form of §1.4 reads as the same instant; without an offset or with +0900 it is -4000005")
    func dateForms() {
        let ms: Int64 = 1_800_000_123_456
        for form in EdgeValue.DateForm.allCases {
            let read = GamebaseDate.parseISO8601(form.text(ms))
            #expect(read == (form.isValid ? ms : nil), "\(form): \(form.text(ms))")
        }
        #expect(EdgeValue.DateForm.longFraction.text(ms).hasSuffix(".4569999Z"))
        var sim = Sim()
        for form in EdgeValue.DateForm.allCases {
            let op = Op(
                id: 500,
                action: .serverWithdrawals(query: HistoryQuery(around: nil, before: 60, after: 60)),
                historySpan: HistorySpan(begin: sim.now - 60_000, end: sim.now + 60_000),
                edge: .dateForm(form)
            )
            #expect(Set(sim.outcomes(op).map(\.code)) == [form.isValid ? .success : .inappropriateValue], "\(form)")
        }
        // An action without a date ignores the edge.
        let s = sim.login(S.d0)
        let op = Op(id: 501, action: .getMember(device: S.d0, token: S.token(s)), edge: .dateForm(.noOffset))
        #expect(Set(sim.outcomes(op).map(\.code)) == [.success])
    }

    @Test(
        "An integer written in another number form is the integer; a fraction is -4000001 and beyond 64 bits -4000005, before any semantics"
    )
    func numberForms() {
        for enabled in [true, false] {
            var sem = Semantics()
            sem.transferKey.enabled = enabled
            var sim = Sim(sem)
            let s = sim.login(S.d0)
            for form in EdgeValue.NumberForm.allCases {
                let op = Op(
                    id: 400,
                    action: .issueTransferKey(device: S.d0, token: S.token(s), expiresIn: 600),
                    edge: .numberForm(form)
                )
                let expected = form.badInput ?? (enabled ? .success : .notSupported)
                #expect(Set(sim.outcomes(op).map(\.code)) == [expected], "\(form) with TransferKey enabled \(enabled)")
            }
        }
        #expect(EdgeValue.NumberForm.scaledExponent.text(600) == "6000e-1")
        #expect(EdgeValue.NumberForm.scaledExponent.text(Int64.max) == "\(Int64.max)e+0")
    }

    @Test(
        "A unicode made-up value has exactly its length in code points and more in UTF-8 bytes and UTF-16 units; other edges leave values alone"
    )
    func unicodeValues() {
        for n in EdgeValue.valueLengths {
            let v = EdgeValue.longUnicodeValue(n).madeUp("gbf-unknown")
            #expect(v.unicodeScalars.count == n)
            #expect(v.utf8.count > n && v.utf16.count > n, "a server counting bytes or UTF-16 units would see more")
            #expect(EdgeValue.longValue(n).madeUp("gbf-unknown").utf8.count == n)
        }
        #expect(EdgeValue.transactionId(length: 9, unicode: true).madeUp("x") == "x")
        #expect(EdgeValue.longUnicodeValue(0).madeUp("x") == "x", "a length outside 1…8,192 is never applied")
    }

    @Test(
        "A broken device id is -4000005 before any semantics on client operations only; every fourth device's own id is 128 characters and names its account"
    )
    func deviceIds() {
        var sim = Sim()
        let s = sim.login(S.d0)
        for f in EdgeValue.DeviceIdForm.allCases {
            let op = Op(id: 400, action: .getMember(device: S.d0, token: S.token(s)), edge: .deviceId(f))
            #expect(Set(sim.outcomes(op).map(\.code)) == [.inappropriateValue], "\(f)")
            #expect(EdgeValue.deviceId(f).device("abc.d1") != "abc.d1")
        }
        #expect(EdgeValue.deviceId(.tooLong).device("abc.d1").count == EdgeValue.maxDeviceIdLength + 1)
        // §1.3's order is global: a missing accessToken (row 7) answers before the device id (row 10).
        let absent = IdPCredential(idPCode: .google, account: S.g1, form: .absent)
        let both = Op(
            id: 402,
            action: .loginIdP(device: S.d1, credential: absent, ignoreAlreadyLoggedIn: true),
            edge: .deviceId(.badCharacter)
        )
        #expect(Set(sim.outcomes(both).map(\.code)) == [.missingParameter])
        let server = Op(id: 401, action: .serverMember(user: .unknown), edge: .deviceId(.tooLong))
        #expect(Set(sim.outcomes(server).map(\.code)) == [.memberNotExist])
        let ids = Identities(salt: "r7f3a.s0.p3.e2")
        for i in 0..<16 {
            let id = ids.device(DeviceRef(i))
            #expect(id.count == (i % 4 == 1 ? EdgeValue.maxDeviceIdLength : "r7f3a.s0.p3.e2.d\(i)".count))
            #expect(id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
            #expect(ids.account(idPCode: .guest, idPId: id) == AccountRef.guest(DeviceRef(i)))
        }
        #expect(ids.account(idPCode: .guest, idPId: "r7f3a.s0.p3.e2.d5") == nil)
        #expect(ids.account(idPCode: .guest, idPId: "r7f3a.s0.p3.e2.d2.x") == nil)
    }
}
