import {
  type CallBody,
  strategy,
  type TemplateBody,
  type TemplateItem,
  type TemplateKind,
  type TemplatePath,
  templatePathKinds,
} from '@helio/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../lib/api.ts';

/**
 * Strategy templates (api/mode/*): the list of every kind, the SPEC's add/edit/del calls of the
 * kinds that have them (TOU `tcd`, TOU fixed power `tcdp`, peak shaving `ps`) and enable/disable.
 * Saving is quiet: the editor says a refusal under the field it names (200908 on the name).
 */

/** Every answer about templates, so one invalidation refreshes the lists and the editor. */
export const templatesKey = ['strategy-templates'] as const;

export type TemplateListParams = CallBody<typeof strategy.list>;

export function templateListQuery(params: TemplateListParams) {
  return queryOptions({
    queryKey: [...templatesKey, 'list', params],
    queryFn: ({ signal }) => call(strategy.list, params, { signal }),
  });
}

/** A page of templates; the previous page stays on screen while the next one loads. */
export function useTemplateList(params: TemplateListParams, enabled = true) {
  return useQuery({ ...templateListQuery(params), placeholderData: keepPreviousData, enabled });
}

export function useRefreshTemplates(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: templatesKey }), [queryClient]);
}

/** The SPEC's path of each kind that has add/edit/del calls (the others are modes: system templates only). */
const pathOfKind = Object.fromEntries(
  Object.entries(templatePathKinds).map(([path, kind]) => [kind, path as TemplatePath]),
) as Partial<Record<TemplateKind, TemplatePath>>;

/** The kinds a custom template may be of. */
export const customKinds = Object.values(templatePathKinds) as TemplateKind[];

export function hasCustomTemplates(kind: TemplateKind): boolean {
  return pathOfKind[kind] !== undefined;
}

function callsOf(kind: TemplateKind) {
  const path = pathOfKind[kind];
  if (!path) throw new Error(`no custom templates of kind ${kind}`);
  return strategy[path];
}

/** What the editor saves: the template's fields and its name; the id when it is an edit. */
export type TemplateSave = TemplateBody & { name: string; template_id?: number | undefined };

/** Adds or changes a custom template through its kind's calls; answers its id. */
export function useSaveTemplate() {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: async ({ kind, template_id, ...fields }: TemplateSave): Promise<number> => {
      const calls = callsOf(kind);
      if (template_id === undefined) {
        const added = await call(calls.add, fields as CallBody<typeof calls.add>, { quiet: true });
        return added.template_id;
      }
      await call(calls.edit, { ...fields, template_id } as CallBody<typeof calls.edit>, { quiet: true });
      return template_id;
    },
    onSuccess: () => void refresh(),
  });
}

/** Deletes a custom template; 200701 while a device's strategy uses it. */
export function useDeleteTemplate() {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: (item: Pick<TemplateItem, 'kind' | 'template_id'>) =>
      call(callsOf(item.kind).del, { template_id: item.template_id }, { quiet: true }),
    onSettled: () => void refresh(),
  });
}

/** Enables or disables a custom template (asked after a confirmation). */
export function useEnableTemplate() {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: ({ template_id, enabled }: { template_id: number; enabled: boolean }) =>
      call(strategy.enable, { template_id, enabled }, { quiet: true }),
    onSettled: () => void refresh(),
  });
}
