/** The embedded reference bank: interface.md implemented faithfully, with a catalogue of deliberate faults. */
export { startBank, type BankOptions, type RunningBank } from './server.js';
export { FAULTS, faultIds, type Fault } from './faults.js';
