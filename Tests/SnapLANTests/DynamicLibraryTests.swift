import Testing

@testable import SnapLAN

@Suite struct DynamicLibraryTests {
    @Test func aLibraryThatIsNotThereIsNil() {
        #expect(DynamicLibrary(firstOf: ["libsnap-no-such-library.so.9"]) == nil)
    }

    @Test func aFunctionOfTheCLibraryIsFoundAndCalled() throws {
        let library = try #require(DynamicLibrary(firstOf: ["libc.so.6", "/usr/lib/libSystem.B.dylib"]))
        typealias Abs = @convention(c) (Int32) -> Int32
        let abs = try #require(library.function("abs", as: Abs.self))
        #expect(abs(-7) == 7)
        #expect(library.function("snap_no_such_function", as: Abs.self) == nil)
    }
}
