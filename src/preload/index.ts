// The popup's only door to the main process. It exposes nothing yet: its methods are derived,
// one per channel, from the IPC contract in src/shared/ipc once that contract exists.
export {};
