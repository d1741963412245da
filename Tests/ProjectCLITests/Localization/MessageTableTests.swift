import Testing
@testable import ProjectCLI

@Suite("A message table read from its text")
struct MessageTableTests {
    let table = MessageTable(language: "xx", source: """
        # A comment = not a message
        greeting = Hello, {name}!
          spaced   =   text with its own spaces inside  \r
        lines = one\\ntwo, a backslash \\\\ kept
        count[one] = {count} thing
        count[other] = {count} things
        twice = first
        twice = second
        empty =
        no equals sign here
        last = no newline at the end
        """)

    @Test("keys give their text, trimmed, with its escapes read")
    func lookups() {
        #expect(table["greeting"] == "Hello, {name}!")
        #expect(table["spaced"] == "text with its own spaces inside")
        #expect(table["lines"] == "one\ntwo, a backslash \\ kept")
        #expect(table["count[one]"] == "{count} thing")
        #expect(table["count[other]"] == "{count} things")
        #expect(table["empty"] == "")
        #expect(table["last"] == "no newline at the end")
    }

    @Test("a key the table has twice gives its last text; comments, other lines and unknown keys give none")
    func misses() {
        #expect(table["twice"] == "second")
        #expect(table["# A comment"] == nil)
        #expect(table["no equals sign here"] == nil)
        #expect(table["greet"] == nil)
        #expect(table["greeting "] == nil)
        #expect(table[""] == nil)
        #expect(MessageTable(language: "xx", source: "")["greeting"] == nil)
    }

    @Test("the whole table, made at once, holds what single lookups give")
    func entries() {
        #expect(table.entries.count == 8)
        for (key, text) in table.entries { #expect(table[key] == text) }
    }
}
