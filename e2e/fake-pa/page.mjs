// GET /: a small page listing the stand-in's clients, directory and flows, for a person trying Carnet locally.
import { store } from './store.mjs'

const esc = (s) =>
  String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
const row = (cells) => `<tr>${cells.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`

export function page(res, origin) {
  const companies = [...store.companies.values()]
  const html = `<!doctype html><html lang="fr"><meta charset="utf-8"><title>PA de démonstration</title>
<style>body{font:14px system-ui;margin:2rem}table{border-collapse:collapse;margin-bottom:2rem}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}</style>
<h1>PA de démonstration (AFNOR XP Z12-013)</h1>
<p>Jetons : <code>${esc(origin)}/oauth/token</code> · Flow : <code>${esc(origin)}/flow-service</code> · Annuaire : <code>${esc(origin)}/directory-service</code>${store.outage ? ` · <strong>en panne (${store.outage})</strong>` : ''}</p>
<h2>Entreprises</h2><table><tr><th>SIREN</th><th>Nom</th><th>Client</th><th>Adresses (0225)</th></tr>
${companies.map((c) => row([c.siren, c.name, c.clientId ?? 'autre PA', c.lines.map((l) => l.addressingIdentifier).join(', ')])).join('')}</table>
<h2>Flux</h2><table><tr><th>Client</th><th>Sens</th><th>Type</th><th>Nom</th><th>Acquittement</th><th>Mis à jour</th></tr>
${store.flows
  .slice()
  .reverse()
  .map((f) => row([f.clientId, f.flowDirection, f.flowType, f.name, f.acknowledgement.status, f.updatedAt]))
  .join('')}</table></html>`
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
}
