import { type RuleProposalDto, searchKey } from '@app/domain'
import { useEffect } from 'react'
import { useSearchParams } from 'react-router'

const PROPOSAL = 'proposal'
const CATEGORY = 'category'

/** The rules page opening a proposal's rule form prefilled: ?proposal=<folded label>&category=<id>. */
export const proposalLink = (proposal: Pick<RuleProposalDto, 'key' | 'accountingEntryId'>) =>
  `/app/setting/rules?${new URLSearchParams({ [PROPOSAL]: proposal.key, [CATEGORY]: String(proposal.accountingEntryId) })}`

/**
 * Reads ?proposal= (and ?category=, when several categories share a label) once the proposals are there: the one it
 * names is handed to `open`, as its "Créer la règle" button would; then both leave the address, so that going back or
 * reloading does not open the form again.
 */
export function useProposalFromUrl(
  proposals: RuleProposalDto[] | undefined,
  open: (proposal: RuleProposalDto) => void,
) {
  const [params, setParams] = useSearchParams()
  const key = params.get(PROPOSAL)
  const category = params.get(CATEGORY)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `open` is the page's setter of the moment; the address and the list decide.
  useEffect(() => {
    if (key === null || proposals === undefined) return
    const folded = searchKey(key)
    const found = proposals.find(
      (proposal) => proposal.key === folded && (category === null || String(proposal.accountingEntryId) === category),
    )
    if (found) open(found)
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete(PROPOSAL)
        next.delete(CATEGORY)
        return next
      },
      { replace: true },
    )
  }, [key, category, proposals, setParams])
}
