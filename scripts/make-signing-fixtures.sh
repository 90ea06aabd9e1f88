#!/bin/sh
# Makes a synthetic signing identity and provisioning profile with the real openssl, for tests:
#   <out>/<name>.p12             certificate + key, protected by $P12_PASSWORD
#   <out>/<name>.mobileprovision a CMS SignedData (DER) whose content is the profile's XML plist
# Usage: make-signing-fixtures.sh OUT_DIR
# Settings (environment): FIXTURE_NAME, TEAM_ID, APP_ID (the application-identifier entitlement,
# "TEAM.com.example.app" or "TEAM.*"), PROFILE_NAME, PROFILE_UUID, PROFILE_EXPIRY (ISO 8601, Z),
# P12_PASSWORD, CERT_DAYS, DEVICES (count), LEGACY=1 for a p12 made with the legacy algorithms
# Apple's exports use, OTHER_CERT=1 to put a certificate other than the p12's in the profile,
# COMMON_NAME for the certificate's CN (UTF-8), STRING_MASK=default to let openssl choose the
# narrowest ASN.1 string type for it (T61String, BMPString or UniversalString, as some CAs do),
# PROFILE_FILE for the profile's file name (<out>/<PROFILE_FILE>.mobileprovision, default <name>),
# KEEP_IDENTITY=1 to sign with the identity of an existing <out>/<name>.p12 (opened with
# $P12_PASSWORD) instead of making a new one: several profiles for one certificate.
# PLATFORM: the profile's Platform, iOS (default), OSX, watchOS, tvOS or xrOS; with OSX the app id
# entitlement is com.apple.application-identifier and the profile a .provisionprofile.
# PROFILE_KIND: ad-hoc (default: ProvisionedDevices, get-task-allow false), app-store (no devices),
# development (devices, get-task-allow true), enterprise or developer-id (ProvisionsAllDevices;
# developer-id is a macOS kind: PLATFORM defaults to OSX).
# ENTITLEMENTS_XML: more `<key>…</key><value>` XML for the profile's Entitlements dictionary
# (App Groups, aps-environment, keychain-access-groups, associated domains…).
# PROFILE_EXTENSION: the profile file's extension (default .mobileprovision, .provisionprofile for OSX).
# ISSUER_UNIT: have the certificate issued by a CA named as Apple's intermediate of that unit (G3,
# or "Apple Worldwide Developer Relations" for the retired G1); ISSUER_NAME its common name. The
# CA's certificate is written to <out>/<name>-issuer.pem, for a test to put in a keychain.
# IDENTITY_KEY, OTHER_KEY, CA_KEY: ready 2048-bit RSA keys (PEM files) for the identity, the
# OTHER_CERT certificate and the issuing CA, in place of new ones: making a key is most of this
# script's CPU time, and a test process makes a few hundred fixtures (SigningFixtures keeps one
# key per fixture name).
set -eu

out=$1
name=${FIXTURE_NAME:-distribution}
team=${TEAM_ID:-ABCDE12345}
app_id=${APP_ID:-$team.com.example.app}
profile_name=${PROFILE_NAME:-Example AdHoc}
uuid=${PROFILE_UUID:-6F1E3C2A-1B2C-4D5E-8F90-A1B2C3D4E5F6}
expiry=${PROFILE_EXPIRY:-2035-01-01T00:00:00Z}
days=${CERT_DAYS:-365}
devices=${DEVICES:-2}
kind=${PROFILE_KIND:-ad-hoc}
case $kind in
    developer-id) platform=${PLATFORM:-OSX} ;;
    ad-hoc|app-store|development|enterprise) platform=${PLATFORM:-iOS} ;;
    *) echo "make-signing-fixtures.sh: PROFILE_KIND is ad-hoc, app-store, development, enterprise or developer-id, not $kind" >&2; exit 2 ;;
esac
case $platform in
    iOS|watchOS|tvOS|xrOS) app_id_key=application-identifier; extension=${PROFILE_EXTENSION:-.mobileprovision} ;;
    OSX) app_id_key=com.apple.application-identifier; extension=${PROFILE_EXTENSION:-.provisionprofile} ;;
    *) echo "make-signing-fixtures.sh: PLATFORM is iOS, OSX, watchOS, tvOS or xrOS, not $platform" >&2; exit 2 ;;
esac
: "${P12_PASSWORD:=fixture-password}"
export P12_PASSWORD

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

common_name=${COMMON_NAME:-Apple Distribution: Example Corp ($team)}
config=""
if [ -n "${STRING_MASK:-}" ]; then
    printf '[req]\ndistinguished_name = dn\nstring_mask = %s\n[dn]\n' "$STRING_MASK" > "$work/req.cnf"
    config="-config $work/req.cnf"
fi

make_key() { # $1: the key file to write, $2: a ready key to copy instead, or nothing
    if [ -n "${2:-}" ]; then cp "$2" "$1"; else openssl genrsa -out "$1" 2048 2>/dev/null; fi
}

make_certificate() { # $1: file prefix, $2: a ready key for it, or nothing
    subject="/UID=$team/CN=$common_name/OU=$team/O=Example Corp/C=US"
    make_key "$work/$1.key" "${2:-}"
    if [ -z "${ISSUER_UNIT:-}" ]; then
        # shellcheck disable=SC2086
        openssl req -x509 $config -utf8 -key "$work/$1.key" -out "$work/$1.pem" -days "$days" -subj "$subject" 2>/dev/null
        return
    fi
    # Issued by a CA named as one of Apple's intermediates: ISSUER_NAME (default WWDR's), OU=ISSUER_UNIT.
    if [ ! -f "$work/ca.pem" ]; then
        make_key "$work/ca.key" "${CA_KEY:-}"
        openssl req -x509 -key "$work/ca.key" -out "$work/ca.pem" -days 3650 \
            -subj "/CN=${ISSUER_NAME:-Apple Worldwide Developer Relations Certification Authority}/OU=$ISSUER_UNIT/O=Apple Inc./C=US" 2>/dev/null
    fi
    # shellcheck disable=SC2086
    openssl req -new $config -utf8 -key "$work/$1.key" -out "$work/$1.csr" -subj "$subject" 2>/dev/null
    openssl x509 -req -in "$work/$1.csr" -CA "$work/ca.pem" -CAkey "$work/ca.key" -CAcreateserial -out "$work/$1.pem" \
        -days "$days" 2>/dev/null
    cp "$work/ca.pem" "$out/$name-issuer.pem"
}

if [ "${KEEP_IDENTITY:-0}" = 1 ] && [ -f "$out/$name.p12" ]; then
    openssl pkcs12 -in "$out/$name.p12" -passin env:P12_PASSWORD -nodes -nocerts -out "$work/identity.key"
    openssl pkcs12 -in "$out/$name.p12" -passin env:P12_PASSWORD -clcerts -nokeys -out "$work/identity.pem"
else
    make_certificate identity "${IDENTITY_KEY:-}"
    legacy=""
    # LibreSSL (a Mac's /usr/bin/openssl) has no -legacy: its pkcs12 uses the legacy algorithms anyway.
    if [ "${LEGACY:-0}" = 1 ] && openssl pkcs12 -help 2>&1 | grep -q -- '-legacy'; then legacy="-legacy"; fi
    # shellcheck disable=SC2086
    openssl pkcs12 -export $legacy -inkey "$work/identity.key" -in "$work/identity.pem" \
        -name "Apple Distribution: Example Corp ($team)" -out "$out/$name.p12" -passout env:P12_PASSWORD
fi

embedded=identity
if [ "${OTHER_CERT:-0}" = 1 ]; then make_certificate other "${OTHER_KEY:-}"; embedded=other; fi
certificate=$(openssl x509 -in "$work/$embedded.pem" -outform DER | base64 | tr -d '\n')

device_entries=""
i=0
while [ "$i" -lt "$devices" ]; do
    device_entries="$device_entries<string>00008030-00000000000000$(printf '%02d' "$i")</string>"
    i=$((i + 1))
done
# Which devices the profile runs on, and whether a debugger may attach, by kind (as the portal
# issues them: development and ad hoc list devices, App Store none, enterprise and Developer ID all).
get_task_allow='<false/>'
devices_xml="<key>ProvisionedDevices</key><array>$device_entries</array>"
case $kind in
    development) get_task_allow='<true/>' ;;
    app-store) devices_xml="" ;;
    enterprise|developer-id) devices_xml="<key>ProvisionsAllDevices</key><true/>" ;;
esac

cat > "$work/profile.plist" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>AppIDName</key><string>Example</string>
	<key>ApplicationIdentifierPrefix</key><array><string>$team</string></array>
	<key>CreationDate</key><date>2024-01-01T00:00:00Z</date>
	<key>Platform</key><array><string>$platform</string></array>
	<key>DeveloperCertificates</key><array><data>$certificate</data></array>
	<key>Entitlements</key>
	<dict>
		<key>$app_id_key</key><string>$app_id</string>
		<key>com.apple.developer.team-identifier</key><string>$team</string>
		<key>get-task-allow</key>$get_task_allow${ENTITLEMENTS_XML:-}
	</dict>
	<key>ExpirationDate</key><date>$expiry</date>
	<key>Name</key><string>$profile_name</string>
	$devices_xml
	<key>TeamIdentifier</key><array><string>$team</string></array>
	<key>TeamName</key><string>Example Corp</string>
	<key>TimeToLive</key><integer>365</integer>
	<key>UUID</key><string>$uuid</string>
	<key>Version</key><integer>1</integer>
</dict>
</plist>
PLIST

# LibreSSL before 3.6 has no `cms`; its `smime` writes the same PKCS#7 SignedData for this.
signer=cms
openssl cms -help >/dev/null 2>&1 || signer=smime
openssl "$signer" -sign -nodetach -binary -signer "$work/identity.pem" -inkey "$work/identity.key" \
    -in "$work/profile.plist" -outform DER -out "$out/${PROFILE_FILE:-$name}$extension"
