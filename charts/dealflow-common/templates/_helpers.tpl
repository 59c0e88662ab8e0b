{{/*
Names and labels, as `helm create` writes them. Every object of a part is named <prefix>-<chart>, where the
prefix is the release name, or global.namePrefix when the parts are installed one release each (then the
parts find one another by the same prefix; docs/DEPLOY.md).
*/}}
{{- define "dealflow-common.prefix" -}}
{{- default .Release.Name ((.Values.global).namePrefix) -}}
{{- end -}}

{{- define "dealflow-common.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "dealflow-common.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- $prefix := include "dealflow-common.prefix" . -}}
{{- if contains $name $prefix -}}
{{- $prefix | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" $prefix $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The Service name of another part of the same product: (list $ "svc-identity"). */}}
{{- define "dealflow-common.peer" -}}
{{- $ctx := index . 0 -}}
{{- $chart := index . 1 -}}
{{- $prefix := include "dealflow-common.prefix" $ctx -}}
{{- if contains $chart $prefix -}}
{{- $prefix | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" $prefix $chart | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "dealflow-common.selectorLabels" -}}
app.kubernetes.io/name: {{ include "dealflow-common.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "dealflow-common.labels" -}}
{{ include "dealflow-common.selectorLabels" . }}
app.kubernetes.io/version: {{ .Values.image.tag | default .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* Pod labels: the selector, and part-of, which the NetworkPolicies of the other parts admit. */}}
{{- define "dealflow-common.podLabels" -}}
{{ include "dealflow-common.selectorLabels" . }}
app.kubernetes.io/part-of: dealflow
{{- end -}}

{{/* Labels of pods that are not the Deployment's (test, migrations): no Service or PDB selects them. */}}
{{- define "dealflow-common.auxLabels" -}}
{{- $ctx := index . 0 -}}
app.kubernetes.io/name: {{ include "dealflow-common.name" $ctx }}-{{ index . 1 }}
app.kubernetes.io/instance: {{ $ctx.Release.Name }}
app.kubernetes.io/part-of: dealflow
{{- end -}}

{{- define "dealflow-common.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "dealflow-common.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "dealflow-common.image" -}}
{{- printf "%s:%s" .Values.image.repository (.Values.image.tag | default .Chart.AppVersion | toString) -}}
{{- end -}}

{{/* This part's own Secret (existingSecret, or <fullname>). */}}
{{- define "dealflow-common.secretName" -}}
{{- default (include "dealflow-common.fullname" .) .Values.existingSecret -}}
{{- end -}}

{{/* The product's small shared Secret: internal token, identity's public key, Redis password. */}}
{{- define "dealflow-common.sharedSecretName" -}}
{{- default (printf "%s-shared" (include "dealflow-common.prefix" .)) .Values.global.sharedSecret -}}
{{- end -}}

{{/*
An env value as a string. Numbers go through toJson: `quote` would print 26214400 as "2.62144e+07", because
values files are read as JSON numbers (float64). Strings are rendered with tpl, so a value may name a peer.
*/}}
{{- define "dealflow-common.envValue" -}}
{{- $ctx := index . 0 -}}
{{- $value := index . 1 -}}
{{- if kindIs "string" $value -}}
{{- tpl $value $ctx | quote -}}
{{- else -}}
{{- toJson $value | quote -}}
{{- end -}}
{{- end -}}

{{- define "dealflow-common.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .Values.runAsUser }}
seccompProfile: { type: RuntimeDefault }
{{- end -}}

{{- define "dealflow-common.containerSecurityContext" -}}
runAsNonRoot: true
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities: { drop: ["ALL"] }
{{- end -}}
