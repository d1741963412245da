import Foundation
import Testing
@testable import ProjectStore

/// What a writer typed, compared with names: the words completion offers, and the names suggested
/// when none matches.
@Suite("Typed names: word starts and near names")
struct TypedNameTests {
    @Test func aWordStartsWithWhatWasTypedIgnoringCaseAndAccents() {
        #expect(TypedName("ete").startsAWord(of: "L’Été de Marie"))
        #expect(TypedName("ete").startsAWord(of: "Été de Marie"))
        #expect(TypedName("ÉTÉ").startsAWord(of: "été"))
        #expect(TypedName("winter").startsAWord(of: "Sonnets for Winter"))
        #expect(TypedName("for win").startsAWord(of: "Sonnets for Winter"), "several words typed")
        #expect(TypedName("straße").startsAWord(of: "STRASSE 9"))
        #expect(TypedName("l’é").startsAWord(of: "L’Été"))
        #expect(TypedName("(un").startsAWord(of: "(Untitled)"), "the name's own start, whatever its first character")
        #expect(TypedName("").startsAWord(of: "東京"))
        #expect(TypedName("東").startsAWord(of: "東京 🎉"))
        #expect(!TypedName("l'e").startsAWord(of: "L’Été"), "a straight apostrophe is another character")
        #expect(!TypedName("inter").startsAWord(of: "Sonnets for Winter"), "the start of a word, not a search")
        #expect(!TypedName("ete").startsAWord(of: "Completed"))
    }

    @Test("one edit: a letter missing, extra, wrong, or two neighbours swapped", arguments: [
        ("sonets", true), ("sonnnets", true), ("sonnels", true), ("snonets", true), ("osnnets", true), ("sonnest", true),
        ("sonnets", false), ("sonet", false), ("snontes", false), ("xonnetz", false), ("",  false),
    ])
    func oneEdit(typed: String, isOneEdit: Bool) {
        #expect(TypedName.isOneEdit(Array("sonnets".unicodeScalars)[...], Array(typed.unicodeScalars)[...]) == isOneEdit)
        #expect(TypedName.isOneEdit(Array(typed.unicodeScalars)[...], Array("sonnets".unicodeScalars)[...]) == isOneEdit)
    }

    @Test func aMistypedNameIsSuggested() {
        let names = ["My Novel", "Sonnets for Winter", "L’Été de Marie", "Draft"]
        #expect(TypedName("Sonets").suggestions(among: names) == ["Sonnets for Winter"])
        #expect(TypedName("Sonnets for Wniter").suggestions(among: names) == ["Sonnets for Winter"])
        #expect(TypedName("ete").suggestions(among: names) == ["L’Été de Marie"])
        #expect(TypedName("winter").suggestions(among: names) == ["Sonnets for Winter"])
        #expect(TypedName("Dratf").suggestions(among: names) == ["Draft"])
        #expect(TypedName("Novle").suggestions(among: names) == ["My Novel"])
        #expect(TypedName("Poems").suggestions(among: names).isEmpty)
        #expect(TypedName("").suggestions(among: names).isEmpty)
    }

    @Test func theNearestComeFirstAndThreeAtMost() {
        let names = ["Winter Tales", "Wintre", "A Winter", "Winter", "Winters", "Wnter"]
        // The same but for accents, then a name's start, then a word's start, then one edit away.
        #expect(TypedName("wînter").suggestions(among: names) == ["Winter", "Winter Tales", "Winters"])
        #expect(TypedName("winter").suggestions(among: ["Wintre", "A Winter", "Wnter"]) == ["A Winter", "Wintre", "Wnter"])
        #expect(TypedName("winter").suggestions(among: names).count == TypedName.suggestionLimit)
        // One edit from the first word is nearer than from a later one.
        #expect(TypedName("sonets").suggestions(among: ["Tales of Sonnets", "Sonnets for Winter"]) == ["Sonnets for Winter", "Tales of Sonnets"])
    }

    @Test func twoLettersAreNotGuessedAtByEdits() {
        #expect(TypedName("ab").suggestions(among: ["An", "At", "A"]).isEmpty)
        #expect(TypedName("ab").suggestions(among: ["Abacus"]) == ["Abacus"])
    }

    @Test func aProjectNotFoundCarriesTheNearNames() throws {
        var catalog = ProjectCatalog()
        try catalog.add(name: "Sonnets for Winter", kind: .poetry, details: nil, id: UUID(), created: Date())
        #expect(throws: ProjectStoreError.projectNotFound(reference: "Sonets", near: ["Sonnets for Winter"])) {
            try catalog.project(.named("Sonets"))
        }
        #expect(throws: ProjectStoreError.projectNotFound(reference: "Poems", near: [])) {
            try catalog.project(.named("Poems"))
        }
    }
}
