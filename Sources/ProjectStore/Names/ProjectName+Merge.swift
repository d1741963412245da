import Foundation

/// The names a merge gives projects and markets alike: each one the store reads, whatever another
/// machine's log held, and the same on every machine, since each is made from the log alone.
extension ProjectName {
    /// `name` numbered in the writer's language by `form` (“Winter (2)”), its end cut first, a
    /// character at a time and never leaving white space before the number, as far as the whole
    /// needs to fit the length of a name: a name that fitted stays one once numbered.
    static func numbered(_ name: String, _ number: Int, _ form: (String, Int) -> String) -> String {
        var base = name
        var candidate = form(base, number)
        while !fitsLength(candidate), !base.isEmpty {
            repeat { base.removeLast() } while base.last?.isWhitespace == true
            candidate = form(base, number)
        }
        return candidate
    }

    /// `name` as it arrived in another machine's log, made a name a writer could type when the store
    /// would refuse it (`isValidStored`): no version of this tool writes one, but a log edited by hand
    /// or written by another program may hold one, and a merge must still write a store its reader
    /// takes. Control characters become spaces, characters that show nothing go, the ends are
    /// trimmed and the end cut to the longest name; nothing left, it is the first eight digits of
    /// `id`, which also find the record as a reference. A name the store reads is kept as it is,
    /// even one a writer could no longer type (one from before a rule): the store keeps it so too.
    static func mended(_ name: String, id: UUID) -> String {
        guard !isValidStored(name) else { return name }
        var text = String(String.UnicodeScalarView(name.unicodeScalars.map { isForbidden($0) ? " " : $0 }))
        // Each pass takes away at least the character found, whatever taking it did to its neighbours.
        while invisibleCharacter(in: text) != nil {
            text = String(String.UnicodeScalarView(text.flatMap { character in
                character.unicodeScalars.filter { !isHidden($0, in: character) }
            }))
        }
        text = String(text.trimmingWhitespace().prefix(maximumLength))
        while !fitsLength(text) { text.removeLast() }
        text = text.trimmingWhitespace()
        guard !text.isEmpty, (try? validated(text)) != nil else { return String(id.lowercasedString.prefix(8)) }
        return text
    }
}
