import Foundation
import Testing
@testable import SnapLocalization

/// Every catalogue says everything English says, with the same placeholders, in the plural forms its language needs:
/// a key added to English and forgotten in another language fails here. Every part (the shared files, and a
/// client's own in a subfolder of `Catalogues/`) is checked alike.
@Suite struct CatalogueCompletenessTests {
    /// The parts found among the resources: the shared files, and every subfolder holding an `en.json`.
    static var parts: [Catalogue.Part] {
        guard let folder = Catalogue.folder,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [.shared] }
        let subfolders = names.sorted().filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/en.json").path)
        }
        return [.shared] + subfolders.map { Catalogue.Part(folder: $0) }
    }

    @Test(arguments: parts)
    func everyCatalogueHasExactlyTheEnglishKeys(part: Catalogue.Part) throws {
        let english = try Catalogue.load(.english, parts: [part])
        for language in Language.allCases {
            let catalogue = try Catalogue.load(language, parts: [part])
            let missing = Set(english.entries.keys).subtracting(catalogue.entries.keys).sorted()
            let extra = Set(catalogue.entries.keys).subtracting(english.entries.keys).sorted()
            #expect(missing.isEmpty, "\(part.file(for: language)) lacks \(missing)")
            #expect(extra.isEmpty, "\(part.file(for: language)) has keys English lacks: \(extra)")
        }
    }

    @Test(arguments: parts)
    func everyTextHasTheEnglishPlaceholders(part: Catalogue.Part) throws {
        let english = try Catalogue.load(.english, parts: [part])
        for language in Language.allCases {
            let catalogue = try Catalogue.load(language, parts: [part])
            for (key, entry) in catalogue.entries.sorted(by: { $0.key < $1.key }) {
                guard let original = english.entries[key] else { continue }
                #expect(
                    entry.placeholders == original.placeholders,
                    "\(part.file(for: language)) \(key): \(entry.placeholders.sorted()), English \(original.placeholders.sorted())")
            }
        }
    }

    @Test(arguments: parts)
    func pluralsGiveTheFormsTheirLanguageNeeds(part: Catalogue.Part) throws {
        let english = try Catalogue.load(.english, parts: [part])
        for language in Language.allCases {
            let catalogue = try Catalogue.load(language, parts: [part])
            for (key, entry) in catalogue.entries.sorted(by: { $0.key < $1.key }) {
                let plural: Bool
                switch english.entries[key] {
                case .plural: plural = true
                default: plural = false
                }
                switch entry {
                case .text:
                    #expect(!plural, "\(part.file(for: language)) \(key) is plural in English")
                case .plural(let forms):
                    #expect(plural, "\(part.file(for: language)) \(key) is not plural in English")
                    #expect(
                        Set(forms.keys) == Set(language.pluralCategories),
                        "\(part.file(for: language)) \(key): \(forms.keys.map(\.rawValue).sorted())")
                }
            }
        }
    }
}
