import { benchChanges } from './changes.bench';
import { benchCli } from './cli.bench';
import { benchExport } from './export.bench';
import { benchForwarding } from './forwarding.bench';
import { benchListingValidation } from './listing-validation.bench';
import { benchManyClients } from './many-clients.bench';
import { benchPlansCache } from './plans-cache.bench';
import { benchPool } from './pool.bench';
import { benchPopupChanges } from './popup-changes.bench';
import { benchPopup } from './popup.bench';
import { benchPortAttacks } from './port-attacks.bench';
import { benchRedaction } from './redaction.bench';

// Every benchmark, one after the other, each printing `key: value` lines.
benchListingValidation();
benchExport();
benchRedaction();
await benchPlansCache();
await benchPopup();
await benchChanges();
await benchPopupChanges();
await benchForwarding();
await benchManyClients();
await benchPortAttacks();
await benchPool();
await benchCli();
