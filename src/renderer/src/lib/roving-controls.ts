import type { Attachment } from 'svelte/attachments';

/**
 * One Tab stop for a group of controls (a proxy row, a plan's header), as in a listbox or a
 * toolbar: Tab passes the group in one press, ← and → move among its buttons. Buttons of a menu or
 * a panel inside the group are not its own: they keep their Tab order and their arrow keys.
 *
 * `stop: 'group'`: the focusable group element itself is the stop (a row, which has its own keys),
 * and → enters its buttons, ← from the first one goes back to it. `stop: 'first'`: its first
 * button is the stop.
 */
export function rovingControls(stop: 'group' | 'first'): Attachment<HTMLElement> {
  return (group) => {
    const controls = (): HTMLElement[] =>
      [...group.querySelectorAll<HTMLElement>('button')].filter((button) => {
        const inner = button.parentElement?.closest('[role="menu"], [role="group"]');
        return !(inner && group.contains(inner));
      });

    // Set again on each focus: a button that mounted since (an editor closed) joins the group.
    const leaveOneStop = () => {
      controls().forEach((control, index) => {
        control.tabIndex = stop === 'first' && index === 0 ? 0 : -1;
      });
    };

    const onkeydown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      const all = controls();
      const target = event.target as HTMLElement;
      const index = all.indexOf(target);
      if (index === -1 && !(stop === 'group' && target === group)) return;
      const next = event.key === 'ArrowRight' ? index + 1 : index - 1;
      const destination = next === -1 && stop === 'group' ? group : all[next];
      // At either end the focus stays: a wrap would hide where the row ends.
      if (!destination) return;
      event.preventDefault();
      destination.focus();
    };

    leaveOneStop();
    group.addEventListener('focusin', leaveOneStop);
    group.addEventListener('keydown', onkeydown);
    return () => {
      group.removeEventListener('focusin', leaveOneStop);
      group.removeEventListener('keydown', onkeydown);
    };
  };
}
