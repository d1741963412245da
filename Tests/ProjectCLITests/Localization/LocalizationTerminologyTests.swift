import Foundation
import Testing
@testable import ProjectCLI

/// One word for one thing, in every table: each of the tool's terms has the one translation its
/// language uses, and a message that names the thing otherwise ("stockage" beside "fichier de
/// projets") fails. Hunspell passes such a word, as it is spelled right; a reader stumbles on it.
/// The same goes for the set phrases every message repeats ("Es wurde nichts geändert."). A message
/// another change adds is checked too, from its first commit.
@Suite("terminology")
struct LocalizationTerminologyTests {
    /// A term: what it names, the words a language uses for it (which its table must contain), and
    /// the forms it must not take, as patterns; `keys`, when given, are the key prefixes where the
    /// wrong forms are wrong (French "script" is a shell script, except where compile names a kind).
    struct Term: CustomStringConvertible {
        let concept: String
        let right: String
        let wrong: [String]
        var keys: [String] = []

        var description: String { concept }
    }

    static let terms: [String: [Term]] = [
        "en": [
            Term(concept: "store", right: "store", wrong: [#"\bstorage\b"#, #"\bdatabase"#]),
            Term(concept: "folder", right: "folder", wrong: [#"\bdirector(y|ies)\b"#]),
            Term(concept: "change", right: "change", wrong: [#"\bmodifications?\b"#]),
            Term(concept: "machine", right: "machine", wrong: [#"\bdevices?\b"#]),
        ],
        "fr": [
            Term(concept: "store", right: "fichier de projets", wrong: [#"\bstockage"#, #"\bmagasin"#]),
            Term(concept: "root", right: "racine", wrong: [#"(dossier|répertoire) racine"#]),
            Term(concept: "project", right: "projet", wrong: [#"\bouvrages?\b"#]),
            Term(concept: "folder", right: "dossier", wrong: [#"\brépertoire"#]),
            Term(concept: "change", right: "modification", wrong: [#"\bchangements?\b"#]),
            Term(concept: "machine", right: "machine", wrong: [#"\bappareils?\b"#, #"\bpostes?\b"#]),
            Term(concept: "manuscript", right: "manuscrit", wrong: [#"\btapuscrit"#]),
            Term(concept: "script, the kind", right: "scénario", wrong: [#"\bscript\b"#], keys: ["compile.", "error.compile.", "kind."]),
            Term(concept: "trash", right: "corbeille", wrong: [#"\bpoubelle"#]),
            Term(concept: "note", right: "Remarque\u{A0}:", wrong: [#"^Note\s*:"#]),
        ],
        "de": [
            Term(concept: "store", right: "Projektdatei", wrong: [#"\bSpeichers?\b"#]),
            Term(concept: "root", right: "Stammordner", wrong: [#"Stammverzeichnis"#, #"Wurzel"#]),
            Term(concept: "project", right: "Projekt", wrong: [#"\bVorhaben\b"#]),
            Term(concept: "folder", right: "Ordner", wrong: [#"\bVerzeichniss?e?\b"#]),
            Term(concept: "change", right: "Änderung", wrong: [#"Veränderung"#]),
            Term(concept: "machine", right: "Rechner", wrong: [#"\bMaschinen?\b"#, #"\bGeräte?\b"#]),
            Term(concept: "manuscript", right: "Manuskript", wrong: [#"Normmanuskript"#]),
            Term(concept: "nothing done", right: "Es wurde nichts", wrong: [#"\bNichts wurde\b"#]),
            Term(concept: "failed", right: "fehlgeschlagen", wrong: [#"\bgescheitert\b"#]),
            Term(concept: "join", right: "angeschlossen", wrong: [#"[Bb]eigetreten"#, #"[Bb]eitreten"#, #"\btreten\b"#]),
            Term(concept: "in order", right: "Reihenfolge", wrong: [#"\bin Reihenfolge\b"#]),
        ],
        "es": [
            Term(concept: "store", right: "archivo de proyectos", wrong: [#"\balmac[eé]n"#]),
            Term(concept: "root", right: "raíz", wrong: [#"(carpeta|directorio) raíz"#]),
            Term(concept: "project", right: "proyecto", wrong: [#"\bobras?\b"#]),
            Term(concept: "folder", right: "carpeta", wrong: [#"\bdirectorio(?! de trabajo)"#]),
            Term(concept: "change", right: "cambio", wrong: [#"\bmodificaci[oó]n"#]),
            Term(concept: "machine", right: "equipo", wrong: [#"\bmáquinas?\b"#, #"\bdispositivos?\b"#]),
            Term(concept: "manuscript", right: "manuscrito", wrong: [#"\bmecanoscrito"#]),
            Term(concept: "terminal", right: "un terminal", wrong: [#"\b(una|la|esa) terminal\b"#]),
            Term(concept: "did you mean", right: "¿Querías decir", wrong: [#"Quisiste"#]),
            Term(concept: "nothing written", right: "No se ha escrito nada", wrong: [#"No se escribió"#, #"\bfalló\b"#], keys: ["error.compile."]),
        ],
    ]

    /// The messages of `table` that use a wrong form of `term`, each with the form found.
    static func misuses(of term: Term, in table: MessageTable) -> [String] {
        let patterns = term.wrong.map { try! NSRegularExpression(pattern: $0, options: [.anchorsMatchLines]) }
        var found: [String] = []
        for (key, text) in table.entries.sorted(by: { $0.key < $1.key })
        where term.keys.isEmpty || term.keys.contains(where: key.hasPrefix) {
            for pattern in patterns {
                guard let match = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                      let range = Range(match.range, in: text)
                else { continue }
                found.append("\(key): “\(text[range])” in “\(text)”")
            }
        }
        return found
    }

    @Test(arguments: ["en", "fr", "de", "es"])
    func everyMessageUsesTheTerms(language: String) throws {
        let table = try #require(L10nFixtures.tables[language])
        let terms = try #require(Self.terms[language])
        for term in terms {
            // The list stays true to the table: its right word is the one the table uses.
            #expect(table.entries.values.contains { $0.contains(term.right) }, "\(language) \(term): “\(term.right)” is in no message")
            let misuses = Self.misuses(of: term, in: table)
            #expect(misuses.isEmpty, "\(language) \(term) is “\(term.right)”, not:\n\(misuses.joined(separator: "\n"))")
        }
    }

    @Test func theCheckFindsAWrongForm() throws {
        let table = MessageTable(language: "fr", source: """
            a = Le stockage {path} est absent.
            b = Le fichier de projets {path} est absent.
            compile.c = Un script se compile en pdf.
            d = Dans un script, confirmez avec --yes.
            """)
        let terms = try #require(Self.terms["fr"])
        let store = try #require(terms.first { $0.concept == "store" })
        let script = try #require(terms.first { $0.concept == "script, the kind" })
        #expect(Self.misuses(of: store, in: table).count == 1)
        #expect(Self.misuses(of: script, in: table).map { $0.prefix(9) } == ["compile.c"])
    }
}
