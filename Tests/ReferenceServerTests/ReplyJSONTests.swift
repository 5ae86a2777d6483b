import Foundation
import Protocol
import Testing

@testable import ReferenceServer

/// The hand-written answer encoder must write exactly what `JSONEncoder` with sorted keys wrote.
@Suite("Reply JSON: byte-identical to JSONEncoder with sorted keys")
struct ReplyJSONTests {
    static func encoder() -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return e
    }

    static func expectSame(_ value: some ReplyJSON & Encodable) throws {
        let reference = try encoder().encode(value)
        let fast = value.jsonBytes
        #expect(
            fast == Array(reference),
            "\(String(decoding: fast, as: UTF8.self))\n!=\n\(String(decoding: reference, as: UTF8.self))"
        )
    }

    /// Every control character, the characters JSON escapes, `/`, DEL and non-ASCII text.
    static let awkward =
        String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self) + "\"\\/\u{7F} é 😀 \u{2028} ok"

    static let member = Member(
        userId: "QXG774PMRZMWR3BR",
        valid: .graceBan,
        appId: "gbfuzz",
        regDate: 1_763_710_500_123,
        lastLoginDate: 1_763_710_600_000,
        authList: [
            AuthMappingInfo(userId: "QXG774PMRZMWR3BR", idPCode: .google, authKey: awkward, regDate: 1),
            AuthMappingInfo(userId: "QXG774PMRZMWR3BR", idPCode: .guest, authKey: "dev-1", regDate: -1),
        ],
        temporaryWithdrawal: TemporaryWithdrawalInfo(gracePeriodDate: 1_764_315_300_123),
        graceBanInfo: GraceBanInfo(
            gracePeriodDate: Int64.max,
            message: awkward,
            paymentStatus: PaymentStatus(amount: 12.5, count: 3, currency: "KRW"),
            releaseRuleCondition: ReleaseRuleCondition(amount: 10, count: 0, currency: "USD", conditionType: "AND")
        )
    )

    @Test("AuthToken answers, with every optional member part present and absent")
    func authToken() throws {
        let header = ResponseHeader(transactionId: Self.awkward, code: .success)
        try Self.expectSame(
            ClientReplyBody(
                header: header,
                token: TokenInfo(accessToken: "tok", expirationDate: 1_763_796_900_123),
                member: Self.member,
                lastLoggedInProvider: .google
            )
        )
        try Self.expectSame(
            ClientReplyBody(
                header: header,
                token: TokenInfo(accessToken: "tok", expirationDate: 0),
                member: Member(userId: "U", valid: .normal, appId: "a", regDate: Int64.min),
                lastLoggedInProvider: .guest
            )
        )
    }

    @Test("failure extras, payloads of the other operations and the bare envelope")
    func extrasAndPayloads() throws {
        let header = ResponseHeader(transactionId: "t-1", code: .bannedMember, detail: Self.awkward)
        try Self.expectSame(
            ClientReplyBody(
                header: header,
                authMappingList: [.google, .guest, IdPCode(Self.awkward)],
                temporaryWithdrawal: TemporaryWithdrawalInfo(gracePeriodDate: 5),
                transferAccount: TransferAccountInfo(
                    issuedType: "ISSUED",
                    account: TransferAccountCredentials(id: "123456789012", password: "pw"),
                    condition: TransferAccountCondition(
                        transferAccountType: "PERMANENT",
                        expirationType: "LIMITED",
                        expirationDate: 77
                    )
                ),
                transferKey: TransferKeyInfo(transferKey: "AbCd1234", regDate: 1, expireDate: 2),
                forcingMappingTicket: ForcingMappingTicket(
                    userId: "A",
                    mappedUserId: "B",
                    mappedUserValid: .banned,
                    idPCode: .facebook,
                    idPId: Self.awkward,
                    forcingMappingKey: "k",
                    expirationDate: 9,
                    accessToken: "x.y"
                ),
                failTransferAccount: TransferAccountFailInfo(
                    appId: "gbfuzz",
                    id: "1",
                    failCount: 5,
                    blockEndDate: 253_402_300_799_999,
                    regDate: 3
                ),
                banInfo: BanInfo(userId: "A", banType: "TEMPORARY", beginDate: 1, endDate: 2, message: Self.awkward)
            )
        )
        try Self.expectSame(
            ClientReplyBody(
                header: header,
                transferAccount: TransferAccountInfo(
                    issuedType: "RENEWED",
                    account: TransferAccountCredentials(id: "1", password: nil),
                    condition: TransferAccountCondition(transferAccountType: "PERMANENT", expirationType: "UNLIMITED")
                ),
                banInfo: BanInfo(userId: "A", banType: "PERMANENT", beginDate: 1)
            )
        )
        try Self.expectSame(EmptyResponse(header: ResponseHeader(transactionId: "", code: .wrongURI, detail: "/x")))
    }

    @Test(
        "numbers: integer extremes and the doubles JSONEncoder shortens",
        arguments: [0, 0.1, 1, 12.5, -3.75, 1e21, 123456.789]
    )
    func numbers(amount: Double) throws {
        let info = GraceBanInfo(
            gracePeriodDate: Int64.min,
            message: "",
            paymentStatus: PaymentStatus(amount: amount, count: Int.max, currency: ""),
            releaseRuleCondition: ReleaseRuleCondition(
                amount: -amount,
                count: Int.min,
                currency: "",
                conditionType: "OR"
            )
        )
        let member = Member(userId: "U", valid: .graceBan, appId: "a", regDate: Int64.max, graceBanInfo: info)
        try Self.expectSame(ClientReplyBody(header: ResponseHeader(transactionId: "t", code: .success), member: member))
    }
}
