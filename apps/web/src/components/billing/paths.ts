export const SUBSCRIPTION_PATH = '/app/setting/subscription'
export const CANCEL_PAGE_PATH = '/app/setting/subscription/cancel'
export const PRORATA_HELP_PATH = '/app/help/prorata-changement-de-formule'
