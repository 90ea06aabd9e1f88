#!/bin/sh
# The "Execute shell" build step of a Jenkins freestyle job that runs the developer-release lane
# of the bundled lanes.yml: the approach of the seed workflow, with nightshift doing the steps.
#
# Job configuration around this step:
# - Source Code Management: the app's repository (lanes.yml at its root).
# - Restrict where this project can be run: a Mac agent label, e.g. "macos && xcode16".
# - Build Environment > "Use secret text(s) or file(s)" (Credentials Binding plugin), one
#   "Secret text" binding per secret, credential id → variable:
#     'certificate-password' → CERTIFICATE_PASSWORD
#     'keychain-password' → KEYCHAIN_PASSWORD
#   Jenkins masks these values in the console; nightshift masks them in its own output as well.
# - The other variables (CODESIGNING_PATH, FIREBASE_APP_ID, GOOGLE_APPLICATION_CREDENTIALS,
#   KEYCHAIN_NAME) are settings, not secrets: set them under the agent's "Environment variables"
#   (Manage Nodes) or in the job. GOOGLE_APPLICATION_CREDENTIALS is the path of the Firebase
#   service-account key file; a "Secret file" binding to it keeps the key in Jenkins instead.
# - Post-build Actions > "Publish JUnit test result report": reports/*.xml
#
# Kept in sync with lanes.yml by JenkinsGoldenTests: the names after "for name in" are exactly
# the variables `LaneRequirements` finds for developer-release, in order.
set -eu

# Stop before the lane starts, naming what is missing, instead of failing half-way through it.
for name in CERTIFICATE_PASSWORD CODESIGNING_PATH FIREBASE_APP_ID GOOGLE_APPLICATION_CREDENTIALS KEYCHAIN_NAME KEYCHAIN_PASSWORD; do
    eval "value=\${$name:-}"
    if [ -z "$value" ]; then
        echo "error: $name is not set: bind it in the job's Build Environment or the agent's settings" >&2
        exit 2
    fi
    export "$name"
done

# Build nightshift once per agent workspace from the repository's Package.swift.
[ -x .build/release/nightshift ] || swift build -c release --product nightshift
.build/release/nightshift run developer-release --junit reports/developer-release.xml
