-- credentials, data keys, providers, oauth flows (issue 5). Filled in by that feature; an empty statement keeps numbering stable.
SELECT 1;
