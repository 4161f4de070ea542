// swift-tools-version: 6.1
import PackageDescription

// EMBEDDED=1 builds the core modules in Embedded Swift mode (see docs/embedded.md).
// Test targets cannot import Embedded modules, so the switch is off by default.
let embedded = Context.environment["EMBEDDED"] != nil
// The `SizeFirst` trait (docs/embedded.md, "Size-first configuration") trades
// speed for code size in the core: one runtime-sized ECDSA path for the three
// curves instead of a specialised, unrolled one per curve with tables of G.
let sizeFirst: SwiftSetting = .define("PUREX509_SIZE_FIRST", .when(traits: ["SizeFirst"]))
let coreSettings: [SwiftSetting] = (embedded ? [.enableExperimentalFeature("Embedded")] : []) + [sizeFirst]

let package = Package(
    name: "PureX509",
    products: [
        .library(name: "PureX509", targets: ["PureX509"]),
        // The primitives, for Benchmarks/ (not the library's face).
        .library(name: "PureX509Primitives", targets: ["PureX509Primitives"]),
        .executable(name: "purex509", targets: ["purex509"]),
        // The strict readers of configuration files outside the core: pin-set
        // configurations and CT log lists (Apple's list shipped with it).
        .library(name: "PureX509Config", targets: ["PureX509Config"]),
        // UTS #46 / IDNA2008 host names (`IDNA`, `HostNameConversion.uts46`);
        // also re-exported by PureX509. Outside the core: its tables stay out
        // of the Embedded build.
        .library(name: "IDNA", targets: ["IDNA"]),
        // The tool's commands as a library, for Integrations/NIOSSL's `purex509`
        // (the same tool plus `connect`); not a stable API.
        .library(name: "PureX509Tool", targets: ["PureX509Tool"]),
        // The fuzz targets' bodies, for FuzzTesting/ (not part of the library).
        .library(name: "PureX509Fuzzing", targets: ["PureX509Fuzzing"]),
    ],
    traits: [
        .trait(name: "SizeFirst", description: "Smaller code, slower signatures: for flash-bound devices (docs/embedded.md)."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation` (the DocC catalog in Sources/PureX509); a plugin, linked into nothing.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "DER", swiftSettings: coreSettings),
        .target(name: "SHA2", swiftSettings: coreSettings),
        .target(name: "BigNum", swiftSettings: coreSettings),
        .target(name: "RSA", dependencies: ["DER", "SHA2", "BigNum"], swiftSettings: coreSettings),
        .target(name: "EC", dependencies: ["DER", "SHA2"], swiftSettings: coreSettings),
        .target(name: "PKIX", dependencies: ["DER", "EC"], swiftSettings: coreSettings),
        .target(name: "Trust", dependencies: ["DER", "SHA2", "BigNum", "RSA", "EC", "PKIX"], swiftSettings: coreSettings),
        .target(name: "Pinning", dependencies: ["SHA2", "PKIX", "Trust"], swiftSettings: coreSettings),
        // HMAC, PBKDF2, the PKCS#12 KDF and CBC decryption, for reading PKCS#12 files.
        .target(name: "Symmetric", dependencies: ["SHA2"], swiftSettings: coreSettings),
        // The PFX reader and client identities (docs/pkcs12.md).
        .target(name: "PKCS12", dependencies: ["DER", "BigNum", "Symmetric", "EC", "PKIX"], swiftSettings: coreSettings),
        // The operating system's trust anchors (TrustStore.system()): reads files through
        // the C library, so it stays outside the core and out of the Embedded build.
        .target(name: "SystemTrust", dependencies: ["PKIX", "Trust"]),
        // Internationalised host names to A-labels (docs/architecture.md): the
        // generated Unicode tables live here, never in a core module.
        .target(name: "IDNA", dependencies: ["Trust", "Pinning"]),
        .target(name: "PureX509", dependencies: ["DER", "SHA2", "BigNum", "RSA", "EC", "PKIX", "Trust", "Pinning", "Symmetric", "PKCS12", "SystemTrust", "IDNA"]),
        .target(name: "PureX509Primitives", dependencies: ["SHA2", "BigNum", "RSA", "EC", "Symmetric"]),
        // Strict decoding of the CLI's configuration and time arguments:
        // outside the core (not built for Embedded), standard library only.
        .target(name: "PureX509Config", dependencies: ["PureX509"],
                // Apple's CT log list is compiled in (AppleCTLogListText.swift, made
                // from Resources/ by scripts/ct-log-list.py).
                exclude: ["Resources"]),
        .target(name: "PureX509Fuzzing", dependencies: ["PureX509", "PureX509Config"]),
        .target(
            name: "PureX509Tool",
            dependencies: [
                "PureX509",
                "PureX509Config",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The Public Suffix List is compiled in (PublicSuffixListText.swift, made from
            // Resources/ by scripts/public-suffix-list.py): the installed binary needs no
            // resource bundle, and refusals never depend on the machine.
            exclude: ["Resources"]
        ),
        // The folder is not Sources/purex509: macOS file systems fold case, and
        // Sources/PureX509 would swallow it on a clone there.
        .executableTarget(name: "purex509", dependencies: ["PureX509Tool"], path: "Sources/ToolMain"),
        // Helpers the test targets share (vector paths, SplitMix64, hex, running a
        // command); Foundation allowed. Not part of the core: no Sources/ target
        // depends on it, so the Embedded build never sees it.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DERTests", dependencies: ["DER"]),
        .testTarget(name: "SHA2Tests", dependencies: ["SHA2", "TestSupport"]),
        .testTarget(name: "SymmetricTests", dependencies: ["Symmetric", "SHA2", "TestSupport"]),
        .testTarget(name: "BigNumTests", dependencies: ["BigNum", "CGMP", "TestSupport"]),
        .testTarget(name: "RSATests", dependencies: ["RSA", "SHA2", "BigNum", "Trust", "TestSupport"]),
        // GMP, as a reference for the BigNum tests only (never linked into the library).
        .systemLibrary(name: "CGMP", path: "Tests/CGMP", providers: [.apt(["libgmp-dev"])]),
        .testTarget(name: "ECTests", dependencies: ["EC", "SHA2", "DER", "TestSupport"]),
        .testTarget(name: "PKIXTests", dependencies: ["DER", "PKIX", "TestSupport"]),
        .testTarget(name: "TrustTests", dependencies: ["Trust", "PKIX", "DER", "TestSupport"]),
        .testTarget(name: "PinningTests", dependencies: ["Pinning", "Trust", "PKIX", "SHA2", "TestSupport"]),
        .testTarget(name: "PKCS12Tests", dependencies: ["PKCS12", "Symmetric", "PKIX", "Trust", "DER", "TestSupport"]),
        .testTarget(name: "IDNATests", dependencies: ["IDNA", "Pinning", "Trust", "PKIX", "TestSupport"]),
        .testTarget(name: "PureX509Tests", dependencies: ["PureX509", "PureX509Config", "PureX509Fuzzing", "PureX509Tool", "purex509", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
