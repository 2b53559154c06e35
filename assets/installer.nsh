; Proxy Tray's additions to electron-builder's NSIS installer (picked up from the build resources
; folder as installer.nsh).
;
; `proxy-tray` on the user's PATH: the installed command line edits the PATH itself
; (src/cli/user-path/), because NSIS strings stop at 1,024 characters: a PATH longer than that
; would be cut and written back broken. The folder it adds is its own (resources\bin), never an
; argument. The broadcast tells Explorer, and the terminals it starts from now on, that the
; environment changed.
!include "WinMessages.nsh"

!macro customInstall
  nsExec::ExecToLog '"$INSTDIR\resources\bin\proxy-tray.exe" __user-path add'
  Pop $0
  SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=5000
!macroend

; An update runs the old version's uninstaller first: the folder stays on the PATH through it.
!macro customUnInstall
  ${ifNot} ${isUpdated}
    nsExec::ExecToLog '"$INSTDIR\resources\bin\proxy-tray.exe" __user-path remove'
    Pop $0
    SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=5000
  ${endIf}
!macroend
