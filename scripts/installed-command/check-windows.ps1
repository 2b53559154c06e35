# The smoke build's NSIS installer, run for real (the release workflow's Windows runner): the
# installer puts resources\bin on the user's PATH, so a new shell finds proxy-tray.exe, and the
# uninstaller gives the PATH back exactly as it was. Run from the repository after
# `npm run dist:smoke`.
$ErrorActionPreference = 'Stop'

function Fail([string] $message) {
  Write-Error "check-windows: $message"
  exit 1
}

function UserPath {
  $key = [Microsoft.Win32.Registry]::CurrentUser.OpenSubKey('Environment')
  return [string] $key.GetValue('Path', '', 'DoNotExpandEnvironmentNames')
}

$version = node -p "require('./package.json').version"
npx electron-builder --config electron-builder.smoke.yml --win nsis --prepackaged dist-smoke/win-unpacked --publish never
if ($LASTEXITCODE -ne 0) { Fail 'electron-builder could not build the installer' }
$installer = Get-ChildItem dist-smoke -Filter '*-setup.exe' | Select-Object -First 1
if (-not $installer) { Fail 'no installer in dist-smoke' }

$before = UserPath
Start-Process -FilePath $installer.FullName -ArgumentList '/S' -Wait
$installed = Get-ChildItem (Join-Path $env:LOCALAPPDATA 'Programs') -Directory |
  Where-Object { Test-Path (Join-Path $_.FullName 'resources\bin\proxy-tray.exe') } |
  Select-Object -First 1
if (-not $installed) { Fail 'the installer put no resources\bin\proxy-tray.exe under %LOCALAPPDATA%\Programs' }
$bin = Join-Path $installed.FullName 'resources\bin'

$after = UserPath
if (($after -split ';') -notcontains $bin) { Fail "the user's PATH lacks $bin after the install: $after" }
if (-not $after.StartsWith($before)) { Fail "the install changed the rest of the user's PATH: $before -> $after" }

# A new shell's PATH: the machine's, then the user's, as Explorer builds it.
$machine = [Environment]::GetEnvironmentVariable('Path', 'Machine')
$env:Path = "$machine;$([Environment]::ExpandEnvironmentVariables($after))"
$found = (Get-Command proxy-tray).Source
if ($found -ne (Join-Path $bin 'proxy-tray.exe')) { Fail "proxy-tray on the PATH is $found" }
$answered = & proxy-tray --version
if ($answered -ne $version) { Fail "proxy-tray --version printed $answered, not $version" }

$uninstaller = Get-ChildItem $installed.FullName -Filter 'Uninstall*.exe' | Select-Object -First 1
Start-Process -FilePath $uninstaller.FullName -ArgumentList '/S' -Wait
# The uninstaller copies itself elsewhere and goes on from there: wait for its work.
for ($second = 0; $second -lt 120 -and (UserPath) -ne $before; $second++) { Start-Sleep -Seconds 1 }
$restored = UserPath
if ($restored -ne $before) { Fail "the uninstall left the user's PATH as $restored, not $before" }
Write-Output "check-windows: proxy-tray $version on the user's PATH from $bin, and off it after the uninstall"
