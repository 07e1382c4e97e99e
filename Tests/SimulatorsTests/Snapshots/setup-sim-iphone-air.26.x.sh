# qapass simulator-setup sim-iphone-air.26.x: Pinyin QA, iOS 26.2
# The UDID below is valid on this Mac only; do not commit this script.

# 1. boot the simulator and wait until it is ready
xcrun simctl bootstatus 9A2D4B3C-1E5F-4A6B-8C7D-26020000D004 -b

# 2. enable the session's keyboards (AppleKeyboards)
xcrun simctl spawn 9A2D4B3C-1E5F-4A6B-8C7D-26020000D004 defaults write .GlobalPreferences AppleKeyboards -array 'ja_JP-Romaji@sw=QWERTY-Japanese;hw=Automatic' 'en_US@sw=QWERTY;hw=Automatic'

# 3. set the language to 'ja'
xcrun simctl spawn 9A2D4B3C-1E5F-4A6B-8C7D-26020000D004 defaults write .GlobalPreferences AppleLanguages -array ja

# 4. set the region format to 'ja_JP'
xcrun simctl spawn 9A2D4B3C-1E5F-4A6B-8C7D-26020000D004 defaults write .GlobalPreferences AppleLocale -string ja_JP

# 5. turn off Connect Hardware Keyboard in Simulator (read when Simulator starts)
defaults write com.apple.iphonesimulator ConnectHardwareKeyboard -bool false

# 6. shut down, so the keyboards and language are read at the next boot
xcrun simctl shutdown 9A2D4B3C-1E5F-4A6B-8C7D-26020000D004

# 7. boot again and wait
xcrun simctl bootstatus 9A2D4B3C-1E5F-4A6B-8C7D-26020000D004 -b

# 8. show the simulator
open -a Simulator --args -CurrentDeviceUDID 9A2D4B3C-1E5F-4A6B-8C7D-26020000D004

# Then confirm on the simulator, before the checklist:
#   1. Connect Hardware Keyboard is off: in Simulator, I/O > Keyboard > Connect Hardware Keyboard (shift-cmd-K) is unchecked and tapping the field shows the software keyboard. If Simulator was already running, quit and reopen it first. Whether the preference written above still takes effect is unverified (one report says Simulator now keeps this per device); the menu is what counts.
#   2. The keyboards are enabled: Settings > General > Keyboard > Keyboards lists Japanese – Romaji (ja_JP-Romaji@sw=QWERTY-Japanese;hw=Automatic).
#   3. The keyboard under test is active before each item: the active keyboard cannot be set from outside the simulator; choose it with the globe key (long-press for the list).
