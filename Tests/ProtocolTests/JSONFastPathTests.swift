import Basics
import Foundation
import Protocol
import Testing
import Transport

/// The reply fast path (``JSONValue``, ``JSONReadable``) and the request writer (``JSONWriter``)
/// are accelerators: whatever they produce must be what Foundation's coders produce, and whatever
/// they cannot decide goes to `JSONDecoder`.
@Suite("JSON fast path: the same answers as Foundation's coders")
struct JSONFastPathTests {
    struct Header: Decodable { var header: ResponseHeader }

    static func reference<R: Decodable>(_ bytes: [UInt8], as: R.Type) -> (ResponseHeader, R)? {
        let decoder = JSONDecoder()
        guard let header = try? decoder.decode(Header.self, from: Data(bytes)).header,
            let body = try? decoder.decode(R.self, from: Data(bytes))
        else { return nil }
        return (header, body)
    }

    /// What `GamebaseClient.decode` answers: the header and body, or nil for an error.
    static func client<R: Decodable & Sendable>(_ bytes: [UInt8], as: R.Type) -> (ResponseHeader, R)? {
        let response = HTTPResponse(status: 200, headers: [], body: bytes)
        guard let reply = try? GamebaseClient.decode(response, sentTransactionId: "t", as: R.self) else { return nil }
        return (reply.header, reply.body)
    }

    static func encoded(_ value: some Encodable, pretty: Bool) -> [UInt8] {
        let encoder = JSONEncoder()
        if pretty { encoder.outputFormatting = [.prettyPrinted, .sortedKeys] }
        return Array(try! encoder.encode(value))
    }

    @Test("Failure extras without the fields no edition names read, by both paths, with those fields absent")
    func extrasWithoutUnnamedFields() throws {
        let header = #""header":{"transactionId":"t","isSuccessful":false,"resultCode":7,"resultMessage":"banned"}"#
        let ban = Array(
            #"{\#(header),"banInfo":{"userId":"U","banType":"PERMANENT","beginDate":1,"message":"m"}}"#.utf8
        )
        let ticket = Array(
            (#"{\#(header),"forcingMappingTicket":{"userId":"A","mappedUserId":"B","mappedUserValid":"Y","#
                + #""idPCode":"google","forcingMappingKey":"k","expirationDate":2,"accessToken":"x"}}"#).utf8
        )
        for bytes in [ban, ticket] {
            let fast = try #require(GamebaseClient.fastDecode(bytes, as: ClientReplyBody.self)?.body)
            #expect(fast == Self.reference(bytes, as: ClientReplyBody.self)?.1)
            #expect(Self.client(bytes, as: ClientReplyBody.self)?.1 == fast)
        }
        let info = try #require(GamebaseClient.fastDecode(ban, as: ClientReplyBody.self)?.body.banInfo)
        #expect(info.csInfo == nil && info.csUrl == nil && info.userId == "U")
        let t = try #require(GamebaseClient.fastDecode(ticket, as: ClientReplyBody.self)?.body.forcingMappingTicket)
        #expect(t.idPId == nil && t.forcingMappingKey == "k")
        let parsed = try #require(JSONValue.parse(Array(#"{"amount":1.5,"count":2}"#.utf8)))
        let payment = try #require(PaymentStatus(json: parsed))
        #expect(payment.currency == nil)
    }

    @Test("Every well-formed reply of every shape is read by the fast path, with exactly JSONDecoder's value")
    func wellFormed() {
        var values = ReplyValues(seed: 1)
        for i in 0..<1_500 {
            let pretty = i % 3 == 0
            let reply = values.clientReply()
            let bytes = Self.encoded(reply, pretty: pretty)
            let fast = GamebaseClient.fastDecode(bytes, as: ClientReplyBody.self)
            #expect(fast?.body == reply && fast?.header == reply.header, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(fast?.body == Self.reference(bytes, as: ClientReplyBody.self)?.1)

            let server = values.tokenAuthentication()
            let serverBytes = Self.encoded(server, pretty: pretty)
            #expect(GamebaseClient.fastDecode(serverBytes, as: TokenAuthenticationResponse.self)?.body == server)

            let members = GetMembersResponse(values.header(), memberList: values.maybe { $0.list { $0.summary() } })
            #expect(
                GamebaseClient.fastDecode(Self.encoded(members, pretty: pretty), as: GetMembersResponse.self)?.body
                    == members
            )
        }
    }

    @Test(
        "Server API answers (E3's IdP profile, E15's pages) are read by the fast path as JSONDecoder reads them, mutated or not"
    )
    func serverAnswers() {
        var values = ReplyValues(seed: 4)
        var rng = SplitMix64(seed: 5)
        var (fastRead, refused) = (0, 0)
        func check<R: Codable & Sendable & Equatable>(_ value: R, pretty: Bool) {
            let bytes = Self.encoded(value, pretty: pretty)
            #expect(
                GamebaseClient.fastDecode(bytes, as: R.self)?.body == value,
                "\(String(decoding: bytes, as: UTF8.self))"
            )
            var mutant = bytes
            for _ in 0...(rng.next() % 3) { mutant = Self.mutate(mutant, &rng) }
            let reference = Self.reference(mutant, as: R.self)
            let client = Self.client(mutant, as: R.self)
            #expect(
                client?.0 == reference?.0 && client?.1 == reference?.1,
                "\(String(decoding: mutant, as: UTF8.self))"
            )
            if let fast = GamebaseClient.fastDecode(mutant, as: R.self) {
                fastRead += 1
                #expect(fast.body == reference?.1, "\(String(decoding: mutant, as: UTF8.self))")
            } else {
                refused += 1
            }
        }
        for i in 0..<1_500 {
            check(values.idPTokenAndProfile(), pretty: i % 3 == 0)
            check(values.withdrawHistories(), pretty: i % 3 == 1)
        }
        #expect(fastRead > 300 && refused > 300, "read \(fastRead), refused \(refused)")
    }

    /// Byte edits that break the grammar, change a number's form, null a member, repeat a key or
    /// escape a letter.
    static func mutate(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var b = bytes
        let at = Int(rng.next() % UInt64(max(b.count, 1)))
        let inserts: [[UInt8]] = [
            Array("{}[],:\"\\0-.e1ntf ".utf8).map { [$0] },
            [[0], [0x01], [0x0A], [0x1F], [0xC3], [0xFF], [0xED, 0xA0, 0x80]],
            [Array(#"null,"x":"#.utf8), Array(#""header":1,"#.utf8), Array(#""member":null,"#.utf8)],
            // A repeated member that decodes either way: which one counts is JSONDecoder's call.
            [
                Array(#""header":{"transactionId":"dup","isSuccessful":true,"resultCode":0,"resultMessage":""},"#.utf8),
                Array(#""lastLoggedInProvider":"dup","#.utf8), Array(#""transactionId":"dup","#.utf8),
            ],
            [
                Array("1.0".utf8), Array("-0".utf8), Array("1e2".utf8), Array("01".utf8),
                Array("99999999999999999999".utf8),
            ],
            [Array(#"\ud800"#.utf8), Array(#"\u0041"#.utf8), Array(#"\ud83d\ude00"#.utf8), Array("\u{FEFF}".utf8)],
        ].flatMap { $0 }
        switch rng.next() % 4 {
        case 0 where !b.isEmpty: b.remove(at: at)
        case 1:
            // After a key's colon, so the insert lands where a value or member starts.
            let colons = b.indices.filter { b[$0] == UInt8(ascii: ":") }
            let place = colons.isEmpty ? at : colons[Int(rng.next() % UInt64(colons.count))] + 1
            b.insert(contentsOf: inserts[Int(rng.next() % UInt64(inserts.count))], at: place)
        case 2:
            // A letter inside a string as a \u escape of itself.
            if let i = b.indices.dropFirst(at).first(where: { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b[$0]) })
            {
                b.replaceSubrange(i...i, with: Array(String(format: "\\u%04x", b[i]).utf8))
            }
        default: b.insert(contentsOf: inserts[Int(rng.next() % UInt64(inserts.count))], at: at)
        }
        return b
    }

    @Test("Every mutated reply gets JSONDecoder's answer from the client: the same value, or an error where it has one")
    func mutated() {
        var values = ReplyValues(seed: 2)
        var rng = SplitMix64(seed: 3)
        var (fastRead, refused) = (0, 0)
        for i in 0..<3_000 {
            var bytes = Self.encoded(values.clientReply(), pretty: i % 4 == 0)
            for _ in 0...(rng.next() % 3) { bytes = Self.mutate(bytes, &rng) }
            let reference = Self.reference(bytes, as: ClientReplyBody.self)
            let client = Self.client(bytes, as: ClientReplyBody.self)
            #expect(client?.0 == reference?.0 && client?.1 == reference?.1, "\(String(decoding: bytes, as: UTF8.self))")
            if let fast = GamebaseClient.fastDecode(bytes, as: ClientReplyBody.self) {
                fastRead += 1
                #expect(reference != nil && fast.body == reference?.1, "\(String(decoding: bytes, as: UTF8.self))")
            } else {
                refused += 1
            }
        }
        // Not vacuous: many mutants are still read by the fast path, many are sent on.
        #expect(fastRead > 300 && refused > 300, "read \(fastRead), refused \(refused)")
    }

    @Test(
        "The parser refuses what is not strict JSON or what it leaves to JSONDecoder",
        arguments: [
            #"{"a":1,"a":2}"#, #"{"a":01}"#, #"{"a":1.}"#, #"{"a":-}"#, #"{"a":.5}"#, #"{"a":1e}"#, #"{"a":[1,]}"#,
            #"{"a":1,}"#, #"{"a":1} x"#, #"{"a":"\ud800"}"#, #"{"a":"\udc00\ud800"}"#, "{\"a\":\"\u{01}\"}",
            #"{"a":"\x"}"#, #"{"a":tru}"#, #"{'a':1}"#, "\u{FEFF}{}", #"{"a":NaN}"#, #"{"a":+1}"#, "",
            String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
        ]
    )
    func refuses(_ text: String) {
        #expect(JSONValue.parse(Array(text.utf8)) == nil)
    }

    @Test("Bytes that are not UTF-8 are refused, inside a string or out")
    func invalidUTF8() {
        #expect(JSONValue.parse(Array(#"{"a":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)) == nil)
        #expect(JSONValue.parse(Array(#"{"a":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8)) == nil)
        #expect(JSONValue.parse([0xFF]) == nil)
    }

    @Test("Strings, escapes and numbers read as written")
    func values() throws {
        let doc =
            #" { "s" : "a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00é" , "n" : -12 , "d" : 1.5e3, "z": [true, false, null] } "#
        let o = try #require(JSONValue.parse(Array(doc.utf8))?.object)
        #expect(o["s"]?.string == "a\"\\/\u{08}\u{0C}\n\r\té😀é")
        #expect(o["n"]?.int64 == -12 && o["d"]?.int64 == nil && o["d"]?.double == 1500)
        #expect(o["z"] == .array([.bool(true), .bool(false), .null]))
        #expect(JSONValue.number("-0").int64 == nil && JSONValue.number("9223372036854775808").int64 == nil)
        #expect(JSONValue.number("-9223372036854775808").int64 == .min)
        #expect(o.optional("absent", \.string) == .some(nil) && o.optional("n", \.string) == nil)
    }

    @Test(
        "An object of 200,000 members is read; a key repeated past the first 16 members is refused",
        .timeLimit(.minutes(1))
    )
    func hugeObjects() throws {
        func document(repeating: Int?) -> [UInt8] {
            var text = "{"
            for i in 0..<200_000 { text += "\"k\(i)\":\(i)," }
            text += repeating.map { "\"k\($0)\":0" } ?? "\"end\":0"
            return Array((text + "}").utf8)
        }
        let object = try #require(JSONValue.parse(document(repeating: nil))?.object)
        #expect(object.members.count == 200_001 && object["k199999"]?.int64 == 199_999)
        for repeated in [0, 15, 16, 17, 123_456, 199_999] {
            #expect(JSONValue.parse(document(repeating: repeated)) == nil, "k\(repeated) repeated")
        }
    }

    @Test("A number written as text is written verbatim; text that is not a number goes out as a string")
    func numberText() {
        for text in ["600.0", "600E0", "6000e-1", "600.5", "1e400", "-5E+0"] {
            #expect(
                String(decoding: TransferKeyIssueNumberText(expiresIn: text).jsonBytes, as: UTF8.self)
                    == "{\"expiresIn\":\(text)}"
            )
        }
        for text in ["1,\"x\":2", "", "true"] {
            let bytes = TransferKeyIssueNumberText(expiresIn: text).jsonBytes
            let decoded = try? JSONDecoder().decode([String: String].self, from: Data(bytes))
            #expect(decoded == ["expiresIn": text], "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test("A grace ban written with plain digits decodes to the request; in a number form both integers take it")
    func graceBanNumberText() throws {
        let rule = ReleaseRuleCondition(amount: 12.5, count: 3, currency: "USD", conditionType: "OR")
        let request = GraceBanRequest(gracePeriodSeconds: 600, message: "m", releaseRuleCondition: rule)
        let plain = GraceBanNumberText(request).jsonBytes
        #expect(try JSONDecoder().decode(GraceBanRequest.self, from: Data(plain)) == request)
        #expect(
            try JSONDecoder().decode(GraceBanRequest.self, from: Data(GraceBanNumberText(GraceBanRequest()).jsonBytes))
                == GraceBanRequest()
        )
        let text = String(decoding: GraceBanNumberText(request, integerText: { "\($0).5" }).jsonBytes, as: UTF8.self)
        #expect(
            text.contains("\"gracePeriodSeconds\":600.5") && text.contains("\"count\":3.5")
                && text.contains("\"amount\":12.5"),
            "\(text)"
        )
    }

    @Test("Every request body the writer writes decodes with JSONDecoder to the value written")
    func requestsRoundTrip() throws {
        var v = ReplyValues(seed: 4)
        func same<T: Codable & Equatable & JSONWritable>(_ value: T) throws {
            let bytes = value.jsonBytes
            #expect(JSONValue.parse(bytes) != nil, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(try JSONDecoder().decode(T.self, from: Data(bytes)) == value)
        }
        for _ in 0..<500 {
            try same(
                LoginRequest(
                    idPCode: v.idP(),
                    accessToken: v.maybe { $0.string() },
                    additionalInfo: v.maybe { AdditionalInfo(lineChannelRegion: $0.maybe { $0.string() }) },
                    ignoreAlreadyLoggedIn: v.maybe { $0.chance() }
                )
            )
            try same(AddMappingRequest(idPCode: v.idP(), accessToken: v.maybe { $0.string() }))
            try same(ForcingMappingRequest(forcingMappingKey: v.string(), idPCode: v.idP(), accessToken: v.string()))
            try same(
                TransferAccountRenewRequest(
                    renewalModeType: v.string(),
                    renewalTargetType: v.maybe { $0.string() },
                    accountId: v.maybe { $0.string() },
                    accountPassword: v.maybe { $0.string() }
                )
            )
            try same(TransferAccountLoginRequest(accountId: v.string(), accountPassword: v.string()))
            try same(TransferKeyIssueRequest(expiresIn: v.int64()))
            try same(TransferKeyLoginRequest(transferKey: v.string()))
            try same(
                BanRequest(
                    userIdList: v.list { $0.string() },
                    banTypeCode: v.string(),
                    end: v.maybe { $0.string() },
                    templateCode: v.maybe { $0.int() }
                )
            )
            try same(BanReleaseRequest(userIdList: v.list { $0.string() }, banReleaseReason: v.maybe { $0.string() }))
            try same(ValidateTransferAccountRequest(id: v.string(), password: v.string()))
            try same(ClockAdvanceRequest(seconds: v.int64()))
            try same(ClockFreezeRequest(frozen: v.chance()))
            try same(v.list { $0.string() })
            let amount = v.chance() ? Double(v.int64() % 100_000) : Double(v.int64() % 100_000) / 64
            try same(PaymentRequest(amount: amount, currency: v.string()))
            try same(
                GraceBanRequest(
                    gracePeriodSeconds: v.maybe { $0.int64() },
                    message: v.maybe { $0.string() },
                    releaseRuleCondition: v.maybe {
                        ReleaseRuleCondition(
                            amount: Double($0.int64() % 1_000) / 8,
                            count: $0.int(),
                            currency: $0.string(),
                            conditionType: $0.string()
                        )
                    }
                )
            )
        }
    }

    @Test("A Double is written as JSONEncoder writes it, and one JSON cannot hold goes out as a string")
    func doublesAsJSONEncoderWritesThem() throws {
        for amount in [0, 10, -3, 12.5, 1e-5, 1e21, 123_456_789.125, Double.leastNonzeroMagnitude] {
            // Member by member: JSONEncoder's member order is not fixed.
            let ours = try #require(JSONValue.parse(PaymentRequest(amount: amount, currency: "USD").jsonBytes)?.object)
            let theirs = try #require(
                JSONValue.parse(Array(try JSONEncoder().encode(PaymentRequest(amount: amount, currency: "USD"))))?
                    .object
            )
            #expect(ours.members.count == 2 && ours["amount"] == theirs["amount"], "\(ours)")
        }
        let text = String(decoding: PaymentRequest(amount: .infinity, currency: "USD").jsonBytes, as: UTF8.self)
        #expect(text == #"{"amount":"inf","currency":"USD"}"#)
    }
}
