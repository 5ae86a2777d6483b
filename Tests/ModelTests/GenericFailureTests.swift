import Model
import Protocol
import Testing

@Suite("Generic failure codes")
struct GenericFailureTests {
    @Test(
        "No generic failure code of any operation is a code the model predicts, so no semantic answer is taken for one"
    )
    func disjointFromPredictions() {
        for kind in OperationKind.allCases {
            let overlap = GenericFailure.codes(for: kind).filter { GamebaseModel.predictableCodes.contains($0) }
            #expect(overlap.isEmpty, "\(kind): \(overlap)")
        }
    }

    @Test(
        "Each operation has its own: 3101 only for token login, -5000001 only for the Server API and test control, 3999 for every client call"
    )
    func perOperation() {
        #expect(GenericFailure.isGeneric(.tokenLoginFailed, for: .loginToken))
        #expect(!GenericFailure.isGeneric(.tokenLoginFailed, for: .loginGuest))
        #expect(GenericFailure.isGeneric(.addMappingFailed, for: .mappingForcibly))
        #expect(!GenericFailure.isGeneric(.removeMappingFailed, for: .mappingRemove), "3401 is M6's, not generic")
        #expect(GenericFailure.isGeneric(.internalSystemError, for: .serverBan))
        #expect(!GenericFailure.isGeneric(.authUnknownError, for: .serverBan))
        #expect(!GenericFailure.isGeneric(.internalSystemError, for: .logout))
        #expect(GenericFailure.codes(for: .testAdvance) == [.internalSystemError])
        let client = OperationKind.allCases.filter { !$0.needsServerAPI && !$0.needsTestControl }
        #expect(client.allSatisfy { GenericFailure.isGeneric(.authUnknownError, for: $0) })
    }

    @Test("Whether a code is generic for an operation is exactly whether the operation's list of them holds it")
    func isGenericMatchesTheList() {
        let generic = OperationKind.allCases.flatMap { GenericFailure.codes(for: $0) }
        let codes = Set(generic).union(GamebaseModel.predictableCodes)
        for kind in OperationKind.allCases {
            for code in codes {
                #expect(
                    GenericFailure.isGeneric(code, for: kind) == GenericFailure.codes(for: kind).contains(code),
                    "\(kind) \(code)"
                )
            }
        }
    }
}
