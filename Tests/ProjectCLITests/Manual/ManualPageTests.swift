import Testing
@testable import ProjectCLI

/// The pages say everything the specs and the help say: a command, option or help text added to a
/// spec and missing from the pages fails here, in every language.
@Suite struct ManualPageTests {
    static let specs = allCommands.map { $0.spec }

    /// Each line of a text as the page holds it, escaped for roff.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { Roff.escaped($0.trimmingCharacters(in: .whitespaces)) }
    }

    static func expectPage(_ page: String, holds text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in lines(text) {
            #expect(page.contains(line), "\(what): “\(line)” is not in the page", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: ["en", "fr", "de", "es"])
    func everyCommandHasAPageWithAllItsHelp(language: String) {
        let localizer = Localizer(language: language)
        let manual = ManualPages(localizer: localizer, commands: Self.specs)
        let pages = Dictionary(uniqueKeysWithValues: manual.pages())
        #expect(pages.count == Self.specs.count + 1)
        for spec in Self.specs {
            guard let page = pages["project-\(spec.name).1"] else {
                Issue.record("\(language): no page for \(spec.name)")
                continue
            }
            #expect(page.hasPrefix(".TH \"PROJECT\\-\(spec.name.uppercased())\" 1 "))
            Self.expectPage(page, holds: localizer.text(spec.summary), "\(language) \(spec.name) summary")
            if let discussion = spec.discussion { Self.expectPage(page, holds: localizer.text(discussion), "\(language) \(spec.name) discussion") }
            if let examples = spec.examples { Self.expectPage(page, holds: localizer.text(examples), "\(language) \(spec.name) examples") }
            for argument in spec.arguments {
                Self.expectPage(page, holds: localizer.placeholder(argument.placeholder), "\(language) \(spec.name) argument")
                Self.expectPage(page, holds: localizer.text(argument.help), "\(language) \(spec.name) argument help")
            }
            for option in spec.allOptions {
                #expect(page.contains("\\fB\\-\\-\(Roff.escaped(option.long))\\fR"), "\(language) \(spec.name): --\(option.long)")
                if let short = option.short { #expect(page.contains("\\fB\\-\(short)\\fR"), "\(language) \(spec.name): -\(short)") }
                Self.expectPage(page, holds: localizer.text(option.help), "\(language) \(spec.name) --\(option.long) help")
            }
        }
    }

    @Test(arguments: ["en", "fr", "de", "es"])
    func theOverviewListsCommandsOptionsAndEnvironment(language: String) {
        let localizer = Localizer(language: language)
        let page = ManualPages(localizer: localizer, commands: Self.specs).overview()
        for spec in Self.specs {
            Self.expectPage(page, holds: localizer.text(spec.summary), "\(language) overview: \(spec.name)")
            #expect(page.contains(Roff.reference("project-\(spec.name)", section: 1)), "\(language): see also \(spec.name)")
        }
        for option in CommandLineParser.globalOptions {
            #expect(page.contains("\\-\\-\(option.long)"))
            Self.expectPage(page, holds: localizer.text(option.help), "\(language) overview --\(option.long)")
        }
        for variable in ["PROJECT_STORE", "PROJECT_ROOT", "VISUAL", "EDITOR", "LANG", "LC_ALL", "LANGUAGE", "NO_COLOR"] {
            #expect(page.contains(Roff.bold(variable)), "\(language): \(variable)")
        }
        for (status, key) in ManualPages.exitStatuses {
            #expect(page.contains(Roff.bold(String(status.rawValue))))
            Self.expectPage(page, holds: localizer.text(key), "\(language) exit status \(status)")
        }
        for heading in ["name", "synopsis", "description", "commands", "environment", "files", "exit-status", "examples", "see-also"] {
            #expect(page.contains(".SH \"\(Roff.escaped(localizer.text("man.heading.\(heading)").uppercased()))\""), "\(language): \(heading)")
        }
    }

    @Test func textIsEscapedForRoff() {
        #expect(Roff.escaped(#"a\b"#) == #"a\eb"#)
        #expect(Roff.escaped("--type") == #"\-\-type"#)
        #expect(Roff.escaped(".hidden") == #"\&.hidden"#)
        #expect(Roff.escaped("'quoted'") == #"\&'quoted'"#)
        var roff = Roff(page: "x", section: 1, source: "say \"hi\"", manual: "m")
        roff.paragraph("one\n  .two\n")
        #expect(roff.source == ".TH \"X\" 1 \"\" \"say \\(dqhi\\(dq\" \"m\"\n.nh\n.ad l\n.PP\none\n\\&.two\n")
    }
}
