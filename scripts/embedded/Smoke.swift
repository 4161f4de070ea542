// The Embedded Swift smoke program: parses a certificate and its issuer
// compiled into the module, prints the subject and a few fields, checks the
// leaf's RSA signature with the issuer's key (SHA2, BigNum, RSA), prints a
// malformed input's typed error, verifies an ECDSA P-384 chain and an
// Ed25519 chain (EC) and refuses their tampered forms, refuses a leaf a CRL
// revokes (ECDSA P-256 issuer), decrypts and derives keys with Symmetric
// (SmokeSymmetric.swift), computes the public keys of RFC 6979's and
// RFC 8032's example private keys (the constant-time derivation), opens a
// .p12 from memory and refuses it under a wrong password (PKCS12), then
// exits. `scripts/embedded-check.sh`
// builds and runs it and checks what it prints.
import BigNum
import DER
import EC
import PKCS12
import PKIX
import Pinning
import RSA
import SHA2
import Trust

@_extern(c, "smoke_allocations") func allocationCount() -> UInt32

@_cdecl("swift_main")
func swiftMain() {
    do throws(DERError) {
        let certificate = try Certificate(derEncoded: embeddedCertificate)
        print("subject: " + certificate.subjectName.description)
        print("notAfter: " + CivilTime.iso8601(certificate.notAfter))
        print("subjectAltNames: " + String(certificate.subjectAlternativeNames.count))
        print("keyBits: " + String(certificate.publicKey.sizeInBits))
        print("sha256: " + SHA256.hash(certificate.der).description)
        verifySignature(of: certificate)
    } catch {
        print("FAILED: " + error.description)
        return
    }
    verifyChain()
    verifyEllipticCurveChains()
    checkRevocation()
    checkSymmetric()
    derivePublicKeys()
    openPKCS12()
    do throws(DERError) {
        _ = try Certificate(derEncoded: [0x30, 0x80, 0x00, 0x00])
        print("FAILED: indefinite length accepted")
    } catch {
        print("refused: " + error.description)
    }
}

/// The leaf is signed by the generated root with sha256WithRSAEncryption.
func verifySignature(of leaf: Certificate) {
    do throws(DERError) {
        let issuer = try Certificate(derEncoded: embeddedIssuer)
        guard case .rsa? = issuer.publicKey.type, case let (modulus, exponent)? = issuer.publicKey.rsaComponents else {
            print("FAILED: issuer key is not RSA")
            return
        }
        do throws(RSAError) {
            let key = try RSAPublicKey(modulusOctets: modulus, exponentOctets: exponent)
            let signature = Array(leaf.signedData.signature)
            try key.verifyPKCS1v15(signature: signature, message: Array(leaf.signedData.message), hash: .sha256)
            print("signature: valid (RSA-" + String(key.modulusBits) + ")")
            var tampered = Array(leaf.signedData.message)
            tampered[tampered.count - 1] ^= 1
            do throws(RSAError) {
                try key.verifyPKCS1v15(signature: signature, message: tampered, hash: .sha256)
                print("FAILED: tampered TBS accepted")
            } catch {
                print("tampered: " + error.description)
            }
        } catch {
            print("FAILED: " + error.description)
        }
    } catch {
        print("FAILED: issuer " + error.description)
    }
}

/// Path building and policy on wasm32: Vectors/chains/valid, then the same
/// chain warm (its allocations counted), then a wrong host.
func verifyChain() {
    guard let leaf = try? Certificate(derEncoded: chainLeaf),
          let intermediate = try? Certificate(derEncoded: chainIntermediate),
          let root = try? Certificate(derEncoded: chainRoot) else {
        print("FAILED: chain certificates")
        return
    }
    var policy = VerificationPolicy(time: chainTime)
    policy.identity = ServerIdentity(host: "www.example.com")
    var verifier = Verifier(store: TrustStore([root]), policy: policy)
    let intermediates = [intermediate]
    switch verifier.verify(leaf: leaf, intermediates: intermediates) {
    case .success(let chain): print("chain: trusted (" + String(chain.certificates.count) + " certificates)")
    case .failure(let failure): print("FAILED: chain " + failure.description)
    }
    // The same verifier again, with the same array: the evaluation alone,
    // which embedded-check.sh requires to allocate nothing. The first
    // verdict is gone by now; a chain still held would keep the verifier's
    // storage and the next one would get new.
    let before = allocationCount()
    let warm = verifier.verify(leaf: leaf, intermediates: intermediates)
    let warmAllocations = allocationCount() &- before
    switch warm {
    case .success: print("warm chain: " + String(warmAllocations) + " allocations")
    case .failure(let failure): print("FAILED: warm chain " + failure.description)
    }
    verifier.policy.identity = ServerIdentity(host: "www.example.org")
    switch verifier.verify(leaf: leaf, intermediates: [intermediate]) {
    case .success: print("FAILED: wrong host trusted")
    case .failure(let failure): print("wrong host: " + failure.code)
    }
    // Pinning on wasm32: the root's key pinned, then a key nobody serves.
    // Under `strict`: the default `apple` profile refuses this six-year leaf.
    var environment = TrustEnvironment(systemAnchors: TrustStore([root]), policy: VerificationPolicy(time: chainTime))
    let trust = ServerTrust(certificates: [leaf, intermediate])
    let pinned = PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: root)])
    print("pinned root key: " + (isTrusted(pinned.evaluate(trust, forHost: "www.example.com", in: &environment)) ? "trusted" : "refused"))
    let wrong = PublicKeysTrustEvaluator(keys: [SPKIPin(subjectPublicKeyInfo: [0x30, 0x00])])
    print("stranger key: " + (isTrusted(wrong.evaluate(trust, forHost: "www.example.com", in: &environment)) ? "trusted" : "refused"))
}

/// An evaluator's verdict: trusted with a verified chain.
func isTrusted(_ evaluation: TrustEvaluation) -> Bool {
    if case .success(let chain?) = evaluation { return !chain.certificates.isEmpty }
    return false
}

/// ECDSA and Ed25519 on wasm32: a real P-384 chain (Amazon Root CA 4, every
/// signature ecdsa-with-SHA384), with the anchor's key plain and with its
/// multiples precomputed, a tampered intermediate under the latter, an
/// Ed25519 chain, and a tampered Ed25519 leaf.
func verifyEllipticCurveChains() {
    guard let leaf = try? Certificate(derEncoded: ecdsaLeaf), let intermediate = try? Certificate(derEncoded: ecdsaIntermediate),
          let root = try? Certificate(derEncoded: ecdsaRoot) else {
        print("FAILED: ECDSA chain certificates")
        return
    }
    var policy = VerificationPolicy(time: ecdsaTime)
    policy.identity = ServerIdentity(host: "valid.rootca4.demo.amazontrust.com")
    var verifier = Verifier(store: TrustStore([root]), policy: policy)
    switch verifier.verify(leaf: leaf, intermediates: [intermediate]) {
    case .success(let chain): print("ecdsa chain: trusted (" + String(chain.certificates.count) + " certificates)")
    case .failure(let failure): print("FAILED: ECDSA chain " + failure.description)
    }
    // Again with the anchor's multiples precomputed (the split multiplication),
    // then with the intermediate's signature tampered under that anchor.
    var store = TrustStore([root])
    store.precomputeKeys()
    var precomputed = Verifier(store: store, policy: policy, cache: SignatureCache(capacity: 0))
    switch precomputed.verify(leaf: leaf, intermediates: [intermediate]) {
    case .success: print("ecdsa chain, precomputed anchor: trusted")
    case .failure(let failure): print("FAILED: ECDSA chain, precomputed anchor " + failure.description)
    }
    var tamperedIntermediate = ecdsaIntermediate
    tamperedIntermediate[tamperedIntermediate.count - 1] ^= 0x01
    if let bad = try? Certificate(derEncoded: tamperedIntermediate) {
        switch precomputed.verify(leaf: leaf, intermediates: [bad]) {
        case .success: print("FAILED: tampered ECDSA intermediate trusted")
        case .failure(let failure): print("ecdsa tampered, precomputed anchor: " + failure.code)
        }
    } else {
        print("FAILED: tampered ECDSA intermediate does not parse")
    }
    guard let edLeaf = try? Certificate(derEncoded: ed25519Leaf), let edRoot = try? Certificate(derEncoded: ed25519Root) else {
        print("FAILED: Ed25519 chain certificates")
        return
    }
    var edVerifier = Verifier(store: TrustStore([edRoot]), policy: VerificationPolicy(time: ed25519Time, purpose: .any))
    switch edVerifier.verify(leaf: edLeaf, intermediates: []) {
    case .success: print("ed25519 chain: trusted")
    case .failure(let failure): print("FAILED: Ed25519 chain " + failure.description)
    }
    var tampered = ed25519Leaf
    tampered[tampered.count - 1] ^= 0x01
    guard let badLeaf = try? Certificate(derEncoded: tampered) else {
        print("FAILED: tampered Ed25519 leaf does not parse")
        return
    }
    switch edVerifier.verify(leaf: badLeaf, intermediates: []) {
    case .success: print("FAILED: tampered Ed25519 signature trusted")
    case .failure(let failure): print("ed25519 tampered: " + failure.code)
    }
}

/// A P-256 chain whose intermediate's CRL lists the leaf
/// (Vectors/revocation/generated/revoked-leaf.p256): refused with revocation
/// on, trusted with it off.
func checkRevocation() {
    guard let leaf = try? Certificate(derEncoded: revokedLeaf), let intermediate = try? Certificate(derEncoded: revokedIntermediate),
          let root = try? Certificate(derEncoded: revokedRoot), let crl = try? CertificateList(derEncoded: revokingCRL) else {
        print("FAILED: revocation fixtures")
        return
    }
    var policy = VerificationPolicy(time: revokedTime)
    policy.identity = ServerIdentity(host: "www.example.com")
    policy.revocation = RevocationPolicy(coverage: .leaf)
    var verifier = Verifier(store: TrustStore([root]), policy: policy, revocationSources: RevocationSources(crls: [crl]))
    switch verifier.verify(leaf: leaf, intermediates: [intermediate]) {
    case .success: print("FAILED: revoked leaf trusted")
    case .failure(let failure): print("revoked leaf: " + failure.code)
    }
    verifier.policy.revocation = RevocationPolicy()
    switch verifier.verify(leaf: leaf, intermediates: [intermediate]) {
    case .success: print("revocation off: trusted")
    case .failure(let failure): print("FAILED: revocation off " + failure.description)
    }
}

/// Bytes of an even-length hex string, read as UTF-8 code units.
func hexBytes(_ text: StaticString) -> [UInt8] {
    var out: [UInt8] = []
    var high: UInt8? = nil
    text.withUTF8Buffer { buffer in
        for c in buffer {
            let nibble = c >= 97 ? c - 87 : (c >= 65 ? c - 55 : c - 48)
            if let h = high { out.append(h << 4 | nibble); high = nil } else { high = nibble }
        }
    }
    return out
}

/// RFC 6979 A.2.5–A.2.7 and RFC 8032 §7.1 TEST 1: each private key's public
/// key computed here must be the RFC's; d = n must be refused.
func derivePublicKeys() {
    let cases: [(ECDSACurve, StaticString, StaticString)] = [
        (.p256, "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721",
         "0460FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB67903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299"),
        (.p384, "6B9D3DAD2E1B8C1C05B19875B6659F4DE23C3B667BF297BA9AA47740787137D896D5724E4C70A825F872C9EA60D2EDF5",
         "04EC3A4E415B4E19A4568618029F427FA5DA9A8BC4AE92E02E06AAE5286B300C64DEF8F0EA9055866064A254515480BC138015D9B72D7D57244EA8EF9AC0C621896708A59367F9DFB9F54CA84B3F1C9DB1288B231C3AE0D4FE7344FD2533264720"),
        (.p521, "00FAD06DAA62BA3B25D2FB40133DA757205DE67F5BB0018FEE8C86E1B68C7E75CAA896EB32F1F47C70855836A6D16FCC1466F6D8FBEC67DB89EC0C08B0E996B83538",
         "0401894550D0785932E00EAA23B694F213F8C3121F86DC97A04E5A7167DB4E5BCD371123D46E45DB6B5D5370A7F20FB633155D38FFA16D2BD761DCAC474B9A2F5023A400493101C962CD4D2FDDF782285E64584139C2F91B47F87FF82354D6630F746A28A0DB25741B5B34A828008B22ACC23F924FAAFBD4D33F81EA66956DFEAA2BFDFCF5"),
    ]
    for (curve, d, q) in cases {
        do throws(ECError) {
            guard try curve.publicKey(privateScalar: hexBytes(d)[...]) == hexBytes(q) else {
                print("FAILED: " + curve.description + " public key differs")
                return
            }
        } catch {
            print("FAILED: " + curve.description + " derivation " + error.description)
            return
        }
    }
    do throws(ECError) {
        let key = try Ed25519PublicKey(privateSeed: hexBytes("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")[...])
        guard key.rawRepresentation == hexBytes("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a") else {
            print("FAILED: Ed25519 public key differs")
            return
        }
    } catch {
        print("FAILED: Ed25519 derivation " + error.description)
        return
    }
    print("key derivation: P-256, P-384, P-521, Ed25519 match")
    do throws(ECError) {
        _ = try ECDSACurve.p256.publicKey(privateScalar: hexBytes("FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551")[...])
        print("FAILED: d = n accepted")
    } catch {
        print("d = n: " + error.description)
    }
}

/// A client identity from a password-protected .p12 held in memory (PBES2/AES-256-CBC, HMAC-SHA1 MAC).
func openPKCS12() {
    do throws(PKCS12Error) {
        let file = try PKCS12File(bytes: pkcs12File, password: .utf8("cryptography"))
        guard let identity = file.identities.first else {
            print("FAILED: no identity in the .p12")
            return
        }
        print("pkcs12: " + identity.privateKey.description + ", " + (identity.keyCheck == .derived ? "derived" : "not derived"))
    } catch {
        print("FAILED: pkcs12 " + error.description)
    }
    do throws(PKCS12Error) {
        _ = try PKCS12File(bytes: pkcs12File, password: .utf8("wrong"))
        print("FAILED: pkcs12 wrong password accepted")
    } catch {
        print("pkcs12 wrong password: " + error.description)
    }
}
