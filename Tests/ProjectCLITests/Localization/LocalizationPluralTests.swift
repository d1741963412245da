import Testing
@testable import ProjectCLI

/// Plural forms: `1 project`, `2 projects`; French uses the singular for 0 and 1 as well.
@Suite struct LocalizationPluralTests {
    @Test(arguments: [0, 1, 2, 5, 21, 100, -1])
    func pluralRules(count: Int) {
        #expect(PluralRule.category(of: count, language: "fr") == (count == 0 || count == 1 ? "one" : "other"))
        for language in ["en", "de", "es"] {
            #expect(PluralRule.category(of: count, language: language) == (count == 1 ? "one" : "other"), "\(language) \(count)")
        }
    }

    @Test func countedMessagesInEveryLanguage() {
        let expected: [String: [Int: String]] = [
            "en": [0: "Imported 0 projects.", 1: "Imported 1 project.", 2: "Imported 2 projects."],
            "fr": [0: "0 projet importé.", 1: "1 projet importé.", 2: "2 projets importés."],
            "de": [0: "0 Projekte importiert.", 1: "1 Projekt importiert.", 2: "2 Projekte importiert."],
            "es": [0: "0 proyectos importados.", 1: "1 proyecto importado.", 2: "2 proyectos importados."],
        ]
        for (language, texts) in expected {
            let localizer = Localizer(language: language)
            for (count, text) in texts {
                #expect(localizer.text("import.done", count: count) == text, "\(language) \(count)")
            }
        }
    }

    @Test func listSummaryAgreesWithItsCount() {
        let french = Localizer(language: "fr")
        let order = french.text("order.name")
        #expect(french.text("list.count", count: 0, ["order": order]) == "0 projet, par nom.")
        #expect(french.text("list.count", count: 2, ["order": order]) == "2 projets, par nom.")
        let german = Localizer(language: "de")
        #expect(german.text("list.count", count: 1, ["order": german.text("order.user")]) == "1 Projekt, in Ihrer eigenen Reihenfolge.")
        let spanish = Localizer(language: "es")
        #expect(spanish.text("list.count", count: 3, ["order": spanish.text("order.date")]) == "3 proyectos, por fecha de creación.")
    }
}
