import Model
import Protocol

/// Short, one-line forms of answers for reports.
enum AnswerText {
    static func describe(_ o: Observation) -> String {
        var parts = ["\(o.code)"]
        func short(_ s: String) -> String { s.count > 12 ? String(s.prefix(10)) + "…" : s }
        func member(_ id: String, _ valid: MemberValid, _ accounts: [IdPAccount]) {
            parts.append("user=\(id)(\(valid.rawValue))")
            parts.append("authList=[\(accounts.sorted().map(\.description).joined(separator: ","))]")
        }
        switch o {
        case .client(let b):
            if let m = b.member { member(m.userId, m.valid, m.authList.map { IdPAccount($0.idPCode, $0.authKey) }) }
            if let t = b.token { parts.append("token=\(short(t.accessToken))") }
            if let t = b.forcingMappingTicket {
                parts.append("ticket(owner=\(t.mappedUserId) requester=\(t.userId) key=\(short(t.forcingMappingKey)))")
            }
            if let t = b.transferAccount { parts.append("transferAccount=\(t.account.id)") }
            if let f = b.failTransferAccount { parts.append("failTransferAccount(\(f.id) failCount=\(f.failCount))") }
            if let k = b.transferKey { parts.append("transferKey=\(k.transferKey)") }
            if let l = b.authMappingList { parts.append("authMappingList=\(l.map(\.rawValue))") }
            if let bi = b.banInfo { parts.append("banInfo(\(bi.userId) \(bi.banType))") }
        case .tokenAuthentication(let b):
            if let m = b.member {
                member(m.userId, m.valid, (m.authList ?? []).map { IdPAccount($0.idPCode, $0.authKey) })
            }
        case .member(let b):
            if let m = b.member {
                member(m.userId, m.valid, (m.authList ?? []).map { IdPAccount($0.idPCode, $0.authKey) })
            }
        case .members(let b):
            parts.append(
                "memberList=[\((b.memberList ?? []).map { "\($0.userId)(\($0.valid.rawValue))" }.joined(separator: ","))]"
            )
        case .idPMembers(let b):
            parts.append(
                "result={\((b.result ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ","))}"
            )
        case .ban(let b):
            parts.append("failedUserIdList=\(b.failedUserIdList ?? [])")
        case .validate(let b):
            if let m = b.member { parts.append("user=\(m.userId)(\(m.valid.rawValue))") }
        case .idPProfile(let b):
            if let c = b.idPCode, let id = b.idPId { parts.append("idP=\(c.rawValue):\(id)") }
        case .withdrawHistories(let b):
            parts.append("withdrawn=\((b.result ?? []).map { "\($0.userId)(\($0.eventLogType))" })")
        case .empty, .clock, .graceBan:
            break
        }
        return parts.joined(separator: " ")
    }
}
