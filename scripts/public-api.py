#!/usr/bin/env python3
"""Counts the public declarations of each library module, holds each module
to its budget, and refuses offsets in the core's public API.

Budget: `import PureX509` is the face users learn; a declaration that only
the package itself needs (the tool, the configuration layer, the fuzz
bodies, the tests) is `package`, not public (docs/architecture.md, "The
public face"). BUDGET is each module's count when the face was cut; a
module over its budget fails the run, so a new public declaration is a
decision (raise the figure here, in the same commit) rather than an
accident. A module under its budget is reported, so the figure can come
down.

The core hands out views that carry their bytes (docs/bytes.md); a public
declaration whose signature mentions `Range<Int>` would let a caller apply
an offset to the wrong buffer, so any such declaration in a core module is
listed and the exit status is 1.

Usage: scripts/public-api.py [--dump] [--scratch PATH] [--counts]
  --dump runs dump-symbol-graph first (scripts/docs-check.sh has, through
  doc-coverage.py); --counts prints `module count` lines for every module.
"""
import sys

from symbol_graphs import CORE, MODULES, options, place, public_symbols

# The most public declarations each module may have (1,802 before the
# primitives went behind `package`, 971 after). The primitives' figures are what Benchmarks/
# (a separate package, which cannot see `package`) calls directly. Merged
# with the Certificate Transparency API (log lists, SCT lists, findings and
# rules: PKIX +43, Trust about +120), the key table behind
# `PrivateKey.Algorithm`, `Digest.precedes` and `init(bytes:)` over a slice,
# and the configuration knobs a user sets (VerificationPolicy, Budgets,
# KeyPolicy, RevocationPolicy and RevocationSources, ValidationProfile),
# which the cut had made `package`: 1,182. One key model (PKIX's `KeyType`
# for `PublicKey.Kind`/`NamedCurve`, Trust's `KeyCurve` and
# `VerificationKey.Kind`; docs/architecture.md, "Adding a key type"):
# PKIX 289 -> 288, Trust 473 -> 467, 1,175. `TrustFailure` as a position
# and a reason: its 28 cases became `Reason`'s, plus `reason` and the
# `Reason` type itself, and its public initialiser: Trust 470. The second
# cut of the face (issue 37; docs/architecture.md, "The public face"): what
# only the tool's output, CT's and the key table's working parts need, and
# initialisers of values a user never builds, became `package`, since the
# tool sees `package` and a user needs none of it: face 1,027 -> 799.
# `PublicSuffixList` moved from Pinning to Trust (3), where the `apple` and
# `chromium` wildcard rule reads it, with its two knobs
# (`VerificationPolicy.publicSuffixes`,
# `ValidationProfile.refusesWildcardOverPublicSuffix`) and Apple's
# name-form rule: Trust 386, Pinning 122, face 802. One-shot
# `SHA256.hash` public again (on SHA256 itself: the protocol it came from
# is `package`), which the first cut had hidden although Benchmarks/
# calls it: SHA2 37. App Transport Security as a policy value
# (docs/ats.md): ATSPolicy, its domain entries and TLS versions, the
# resolution per host with the key that decided each setting (ATSKey,
# ATSSource, ATSSetting, ATSPins, ATSResolution) and the certificate half's
# result (ATSEvaluation, ATSFailure and its reasons): Pinning +83, 205.
# An honest trace (issue 41 item 5): `TraceStep.notApplicable` and
# `Verifier.explain(leaf:intermediates:)` without a pin check beside the
# one with `accept`: Trust +2, 388.
# PureX509Config's new reader (ATSPlistFile, ATSPlistError,
# ATSPlistWarning) is public as the pin-set reader is; that module has no
# budget here. Internationalised host names (docs/architecture.md, "Where
# internationalised host names are converted"): Pinning's
# `HostNameConversion` (the type, its initialiser, `asciiOnly`) and
# `TrustEnvironment.hostNames`, 209; the new IDNA module's `IDNA`,
# `toASCII`, `isInternationalised`, `Failure` with `code` and
# `description`, and `HostNameConversion.uts46`: 7.
# Policies without the valid-policy graph (docs/embedded.md):
# `CertificatePolicyInputs.withoutPolicyGraph` and
# `PolicyFailure.notProcessed`: Trust +2, 390.
# A host-name mismatch's names rendered when read (docs/embedded.md):
# `PresentedNames` with `entries`, its initialiser, `names` and
# `description` replace the case's `[String]`: Trust +5, 395.
BUDGET = {
    "DER": 23, "SHA2": 37, "BigNum": 16, "RSA": 23, "EC": 24,
    "PKIX": 172, "Trust": 395, "Pinning": 209, "Symmetric": 29, "PKCS12": 109,
    "SystemTrust": 13, "IDNA": 7, "PureX509": 0,
}


def declaration(symbol):
    return "".join(fragment.get("spelling", "") for fragment in symbol.get("declarationFragments", []))


def main():
    arguments = sys.argv[1:]
    scratch, fresh_after = options(arguments)
    offenders, counts = set(), {}
    for module in MODULES:
        counts[module] = 0
        for symbol in public_symbols(module, scratch, fresh_after):
            counts[module] += 1
            if module in CORE and "Range<Int>" in declaration(symbol):
                offenders.add(f"{place(symbol)}: {declaration(symbol)}")
    if "--counts" in arguments:
        for module in MODULES:
            print(f"{module} {counts[module]}")
    for entry in sorted(offenders):
        print(entry)
    over = [m for m in MODULES if counts[m] > BUDGET.get(m, 0)]
    for module in over:
        print(f"{module}: {counts[module]} public declarations, over its budget of {BUDGET.get(module, 0)} "
              f"(make the new ones package, or raise BUDGET in scripts/public-api.py)")
    for module in MODULES:
        if counts[module] < BUDGET.get(module, 0):
            print(f"{module}: {counts[module]} public declarations, under its budget of {BUDGET[module]}: "
                  f"lower BUDGET in scripts/public-api.py", file=sys.stderr)
    print(f"{len(offenders)} public core declarations mention Range<Int>; "
          f"{sum(counts.values())} public declarations in {len(MODULES)} modules "
          f"(budget {sum(BUDGET.values())}); {len(over)} over budget", file=sys.stderr)
    sys.exit(1 if offenders or over else 0)


if __name__ == "__main__":
    main()
