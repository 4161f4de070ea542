// swift-tools-version: 6.1
// Benchmarks of PureX509 beside its peers, in one run: OpenSSL (libcrypto),
// GMP, swift-crypto and swift-certificates. Run: ./run.sh (see docs/benchmarks.md).
import PackageDescription

// PUREX509_SIZE_FIRST=1 builds PureX509 in its size-first configuration
// (docs/embedded.md); use its own scratch folder.
let sizeFirst = Context.environment["PUREX509_SIZE_FIRST"] != nil

let package = Package(
    name: "PureX509Benchmarks",
    dependencies: [
        .package(name: "PureX509", path: "..", traits: sizeFirst ? ["SizeFirst"] : [.defaults]),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        // swift-crypto (BoringSSL underneath) as a second peer for ECDSA and Ed25519.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"6.0.0"),
    ],
    targets: [
        .systemLibrary(name: "COpenSSL", path: "Sources/COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CGMP", path: "Sources/CGMP", providers: [.apt(["libgmp-dev"])]),
        .executableTarget(
            name: "Signatures",
            dependencies: [
                .product(name: "PureX509", package: "PureX509"),
                .product(name: "PureX509Primitives", package: "PureX509"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Crypto", package: "swift-crypto"),
                "COpenSSL", "CGMP",
            ],
            path: "Benchmarks/Signatures",
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Parsing",
            dependencies: [
                .product(name: "PureX509", package: "PureX509"),
                .product(name: "PureX509Primitives", package: "PureX509"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "X509", package: "swift-certificates"),
                "COpenSSL",
            ],
            path: "Benchmarks/Parsing",
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Revocation",
            dependencies: [
                .product(name: "PureX509", package: "PureX509"),
                .product(name: "PureX509Primitives", package: "PureX509"),
                .product(name: "Benchmark", package: "benchmark"),
                "COpenSSL",
            ],
            path: "Benchmarks/Revocation",
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Adversarial",
            dependencies: [
                .product(name: "PureX509", package: "PureX509"),
                .product(name: "PureX509Primitives", package: "PureX509"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Adversarial",
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Scan",
            dependencies: [
                .product(name: "PureX509", package: "PureX509"),
                .product(name: "PureX509Primitives", package: "PureX509"),
                .product(name: "PureX509Tool", package: "PureX509"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Scan",
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "PKCS12Open",
            dependencies: [
                .product(name: "PureX509", package: "PureX509"),
                .product(name: "PureX509Primitives", package: "PureX509"),
                .product(name: "Benchmark", package: "benchmark"),
                "COpenSSL",
            ],
            path: "Benchmarks/PKCS12Open",
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "SymmetricPrimitives",
            dependencies: [
                .product(name: "PureX509", package: "PureX509"),
                .product(name: "PureX509Primitives", package: "PureX509"),
                .product(name: "Benchmark", package: "benchmark"),
                "COpenSSL",
            ],
            path: "Benchmarks/SymmetricPrimitives",
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Evaluation",
            dependencies: [
                .product(name: "PureX509", package: "PureX509"),
                .product(name: "PureX509Primitives", package: "PureX509"),
                .product(name: "PureX509Config", package: "PureX509"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "X509", package: "swift-certificates"),
                "COpenSSL",
            ],
            path: "Benchmarks/Evaluation",
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
