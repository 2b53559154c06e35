import { planChoiceAfterPick } from '../../shared/credentials/host-choices';
import { copyCredentials } from '../credentials/copy-credentials';
import type { AppServices, UseCasesOf } from './use-case-types';

/** Copying a proxy's credentials, and the host each plan's copies use. */
export function credentialsCases(services: AppServices): UseCasesOf<'credentials'> {
  const { session, plans, settings, hostChoices, favorites, clipboard, log } = services;
  const planHostChoices = () => {
    const accountId = session.status().account?.id ?? null;
    const choices = accountId === null ? [] : [...hostChoices.ofAccount(accountId)];
    return { accountId, plans: choices.map(([planId, hostChoice]) => ({ planId, hostChoice })) };
  };
  return {
    'credentials:copy': async (input) => {
      const copied = await copyCredentials({ plans, settings, hostChoices, clipboard }, input);
      // The copy is done: a recent list that cannot be saved must not make it look failed.
      try {
        favorites.recordCopy(copied.accountId, input.proxyId);
      } catch (error) {
        log.error('Recording a copy among the recent proxies failed:', error);
      }
      return {
        description: copied.description,
        clearsInSeconds: copied.clearsInSeconds,
        ...(copied.colonWarning ? { colonWarning: copied.colonWarning } : {}),
      };
    },
    // Decided here, not in the popup: every client that picks a host gets the same rule.
    'credentials:set-host-choice': async (input) => {
      const { accountId, plan } = plans.entry(input.proxyId);
      const own = planChoiceAfterPick(input.hostChoice, settings.get().hostChoice);
      if (own === undefined) hostChoices.forget(accountId, plan.id);
      else hostChoices.set(accountId, plan.id, own);
      return planHostChoices();
    },
    'credentials:plan-host-choices': async () => planHostChoices(),
    'credentials:forget-host-choice': async (input) => {
      const accountId = session.status().account?.id;
      if (accountId !== undefined) hostChoices.forget(accountId, input.planId);
      return planHostChoices();
    },
  };
}
