import Model
import Testing

@Suite("Operation kinds")
struct OperationKindTests {
    @Test("A kind needs the Server API exactly when its name starts with server., test control when with test.")
    func capabilities() {
        for kind in OperationKind.allCases {
            #expect(kind.needsServerAPI == kind.rawValue.hasPrefix("server."), "\(kind)")
            #expect(kind.needsTestControl == kind.rawValue.hasPrefix("test."), "\(kind)")
        }
    }

    @Test("Kinds hash by case: every kind its own hash, equal kinds equal hashes, sets and keys work")
    func hashing() {
        let all = OperationKind.allCases
        #expect(Set(all.map(\.hashValue)).count == all.count)
        #expect(Set(all).count == all.count)
        let numbered = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1, $0) })
        for (i, kind) in all.enumerated() {
            #expect(numbered[kind] == i)
            #expect(OperationKind(rawValue: kind.rawValue)?.hashValue == kind.hashValue)
        }
    }
}

@Suite("Symbol kinds")
struct SymKindTests {
    @Test("Two kinds share a value-class number exactly when they share a value class")
    func valueClasses() {
        for a in Sym.Kind.allCases {
            for b in Sym.Kind.allCases {
                #expect((a.valueClassNumber == b.valueClassNumber) == (a.valueClass == b.valueClass), "\(a) \(b)")
            }
        }
    }
}
