import Basics
import Protocol

/// Random replies and requests of every shape the JSON fast path reads or writes, for the
/// differential tests against Foundation's coders: every optional member both present and absent,
/// strings with the characters JSON must escape, numbers at the edges of their types.
struct ReplyValues {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func chance(_ p: Double = 0.5) -> Bool { rng.nextUnit() < p }
    mutating func maybe<T>(_ make: (inout ReplyValues) -> T) -> T? { chance() ? make(&self) : nil }

    static let pieces = [
        "a", "Z", "0", "-", "_", "/", "\"", "\\", "\n", "\t", "\u{01}", "\u{1F}", " ", "é", "한", "日本",
        "😀", "\u{7F}", "\u{FEFF}", "%2F", "gbf-0001",
    ]

    mutating func string() -> String {
        (0..<Int(rng.next() % 8)).map { _ in Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))] }.joined()
    }

    mutating func int64() -> Int64 {
        switch rng.next() % 5 {
        case 0: .max
        case 1: .min
        case 2: 0
        default: Int64(bitPattern: rng.next()) >> Int64(rng.next() % 64)
        }
    }

    mutating func int() -> Int { Int(int64()) }
    mutating func double() -> Double { chance() ? Double(int64() % 1_000_000) / 100 : rng.nextUnit() * 1e6 }
    mutating func idP() -> IdPCode {
        chance(0.8) ? [.guest, .google, .facebook, .line][Int(rng.next() % 4)] : IdPCode(string())
    }
    mutating func valid() -> MemberValid { MemberValid.allCases[Int(rng.next() % UInt64(MemberValid.allCases.count))] }
    mutating func list<T>(_ make: (inout ReplyValues) -> T) -> [T] {
        (0..<Int(rng.next() % 4)).map { _ in make(&self) }
    }

    mutating func header() -> ResponseHeader {
        ResponseHeader(
            transactionId: string(),
            isSuccessful: chance(),
            resultCode: ResultCode(int()),
            resultMessage: string()
        )
    }

    mutating func member() -> Member {
        Member(
            userId: string(),
            valid: valid(),
            appId: string(),
            regDate: int64(),
            lastLoginDate: maybe { $0.int64() },
            authList: list {
                AuthMappingInfo(
                    userId: $0.string(),
                    authSystem: $0.string(),
                    idPCode: $0.idP(),
                    authKey: $0.string(),
                    regDate: $0.int64()
                )
            },
            temporaryWithdrawal: maybe { TemporaryWithdrawalInfo(gracePeriodDate: $0.int64()) },
            graceBanInfo: maybe {
                GraceBanInfo(
                    gracePeriodDate: $0.int64(),
                    message: $0.string(),
                    paymentStatus: $0.maybe {
                        PaymentStatus(amount: $0.double(), count: $0.int(), currency: $0.string())
                    },
                    releaseRuleCondition: $0.maybe {
                        ReleaseRuleCondition(
                            amount: $0.double(),
                            count: $0.int(),
                            currency: $0.string(),
                            conditionType: $0.string()
                        )
                    }
                )
            }
        )
    }

    mutating func clientReply() -> ClientReplyBody {
        ClientReplyBody(
            header: header(),
            token: maybe { TokenInfo(accessToken: $0.string(), expirationDate: $0.int64()) },
            member: maybe { $0.member() },
            lastLoggedInProvider: maybe { $0.idP() },
            authMappingList: maybe { $0.list { $0.idP() } },
            temporaryWithdrawal: maybe { TemporaryWithdrawalInfo(gracePeriodDate: $0.int64()) },
            transferAccount: maybe {
                TransferAccountInfo(
                    issuedType: $0.string(),
                    account: TransferAccountCredentials(id: $0.string(), password: $0.maybe { $0.string() }),
                    condition: TransferAccountCondition(
                        transferAccountType: $0.string(),
                        expirationType: $0.string(),
                        expirationDate: $0.maybe { $0.int64() }
                    )
                )
            },
            transferKey: maybe {
                TransferKeyInfo(transferKey: $0.string(), regDate: $0.int64(), expireDate: $0.int64())
            },
            forcingMappingTicket: maybe {
                ForcingMappingTicket(
                    userId: $0.string(),
                    mappedUserId: $0.string(),
                    mappedUserValid: $0.valid(),
                    idPCode: $0.idP(),
                    idPId: $0.string(),
                    forcingMappingKey: $0.string(),
                    expirationDate: $0.int64(),
                    accessToken: $0.string()
                )
            },
            failTransferAccount: maybe {
                TransferAccountFailInfo(
                    appId: $0.string(),
                    id: $0.string(),
                    status: $0.string(),
                    failCount: $0.int(),
                    blockEndDate: $0.int64(),
                    regDate: $0.int64()
                )
            },
            banInfo: maybe {
                BanInfo(
                    userId: $0.string(),
                    banType: $0.string(),
                    beginDate: $0.int64(),
                    endDate: $0.maybe { $0.int64() },
                    message: $0.string(),
                    csInfo: $0.string(),
                    csUrl: $0.string()
                )
            }
        )
    }

    mutating func serverMember() -> ServerMember {
        ServerMember(
            userId: string(),
            valid: valid(),
            appId: string(),
            regDate: string(),
            lastLoginDate: maybe { $0.string() },
            authList: maybe {
                $0.list {
                    ServerAuthMapping(
                        userId: $0.string(),
                        authSystem: $0.string(),
                        idPCode: $0.idP(),
                        authKey: $0.string(),
                        regDate: $0.string()
                    )
                }
            },
            temporaryWithdrawal: maybe { ServerTemporaryWithdrawal(gracePeriodDate: $0.string()) }
        )
    }

    mutating func summary() -> MemberSummary {
        MemberSummary(
            string(),
            valid: valid(),
            appId: string(),
            regDate: string(),
            lastLoginDate: maybe { $0.string() }
        )
    }

    mutating func tokenAuthentication() -> TokenAuthenticationResponse {
        TokenAuthenticationResponse(
            header(),
            linkedIdP: maybe { LinkedIdP(idPCode: $0.idP(), idPId: $0.string()) },
            member: maybe { $0.serverMember() }
        )
    }

    mutating func idPTokenAndProfile() -> IdPTokenAndProfileResponse {
        var r = IdPTokenAndProfileResponse(header(), account: maybe { IdPAccount($0.idP(), $0.string()) })
        r.idPAccessToken = maybe { $0.string() }
        if chance(0.2) { r.idPProfile = maybe { IdPProfile(id: $0.string()) } }
        if chance(0.2) { r.idPCode = nil }
        return r
    }

    mutating func withdrawHistories() -> WithdrawHistoriesResponse {
        WithdrawHistoriesResponse(
            header(),
            pagingInfo: maybe {
                PagingInfo(
                    $0.chance(),
                    last: $0.chance(),
                    numberOfElements: $0.int(),
                    page: $0.int(),
                    size: $0.int(),
                    totalElements: $0.int(),
                    totalPages: $0.int()
                )
            },
            result: maybe {
                $0.list {
                    WithdrawHistory(
                        $0.string(),
                        date: $0.string(),
                        regUser: $0.maybe { $0.string() },
                        eventLogType: $0.string()
                    )
                }
            }
        )
    }
}
