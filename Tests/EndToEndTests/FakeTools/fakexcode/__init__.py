"""The strict fake xcodebuild's logic (see ../README.md). Standard library only, Python >= 3.9."""
