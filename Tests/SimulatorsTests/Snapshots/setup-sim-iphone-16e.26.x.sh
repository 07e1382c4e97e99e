# qapass simulator-setup sim-iphone-16e.26.x: iPhone 16e, iOS 26.2
# The UDID below is valid on this Mac only; do not commit this script.

# 1. boot the simulator and wait until it is ready
xcrun simctl bootstatus 9A2D4B3C-1E5F-4A6B-8C7D-26020000D002 -b

# 2. enable the session's keyboards (AppleKeyboards)
xcrun simctl spawn 9A2D4B3C-1E5F-4A6B-8C7D-26020000D002 defaults write .GlobalPreferences AppleKeyboards -array 'zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic' 'ja_JP-Romaji@sw=QWERTY-Japanese;hw=Automatic' 'en_US@sw=QWERTY;hw=Automatic'

# 3. turn off Connect Hardware Keyboard in Simulator (read when Simulator starts)
defaults write com.apple.iphonesimulator ConnectHardwareKeyboard -bool false

# 4. shut down, so the keyboards and language are read at the next boot
xcrun simctl shutdown 9A2D4B3C-1E5F-4A6B-8C7D-26020000D002

# 5. boot again and wait
xcrun simctl bootstatus 9A2D4B3C-1E5F-4A6B-8C7D-26020000D002 -b

# 6. show the simulator
open -a Simulator --args -CurrentDeviceUDID 9A2D4B3C-1E5F-4A6B-8C7D-26020000D002

# Then confirm on the simulator, before the checklist:
#   1. Connect Hardware Keyboard is off: in Simulator, I/O > Keyboard > Connect Hardware Keyboard (shift-cmd-K) is unchecked and tapping the field shows the software keyboard. If Simulator was already running, quit and reopen it first. Whether the preference written above still takes effect is unverified (one report says Simulator now keeps this per device); the menu is what counts.
#   2. The keyboards are enabled: Settings > General > Keyboard > Keyboards lists Chinese Simplified – Pinyin QWERTY (zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic), Japanese – Romaji (ja_JP-Romaji@sw=QWERTY-Japanese;hw=Automatic).
#   3. The keyboard under test is active before each item: the active keyboard cannot be set from outside the simulator; choose it with the globe key (long-press for the list).
