{{/*
Strimzi objects of a part: the KafkaTopics it produces (a topic travels with its producer; the list equals
packages/contracts, checked by packages/dev-stack/src/deploy.test.ts) and its KafkaUser, whose ACLs allow
writing those topics, reading the topics it consumes (Read and Write imply Describe) and committing offsets of
its consumer group.
*/}}
{{- define "dealflow-common.kafka" -}}
{{- if .Values.kafka.enabled }}
{{- $k := .Values.global.kafka }}
{{- range .Values.kafka.produces }}
---
apiVersion: kafka.strimzi.io/v1
kind: KafkaTopic
metadata:
  name: {{ . | replace "." "-" }}
  labels:
    {{- include "dealflow-common.selectorLabels" $ | nindent 4 }}
    strimzi.io/cluster: {{ $k.cluster }}
spec:
  topicName: {{ . }}
  partitions: {{ $k.partitions }}
  replicas: {{ $k.replicas }}
  {{- with $k.topicConfig }}
  config:
    {{- range $key, $v := . }}
    {{ $key }}: {{ toJson $v | quote }}
    {{- end }}
  {{- end }}
{{- end }}
{{- if eq $k.security "scram-tls" }}
---
apiVersion: kafka.strimzi.io/v1
kind: KafkaUser
metadata:
  name: {{ include "dealflow-common.fullname" . }}-kafka
  labels:
    {{- include "dealflow-common.labels" . | nindent 4 }}
    strimzi.io/cluster: {{ $k.cluster }}
spec:
  authentication:
    type: scram-sha-512
  authorization:
    type: simple
    acls:
      {{- range .Values.kafka.produces }}
      - resource: { type: topic, name: {{ . }} }
        operations: [Write]
      {{- end }}
      {{- range .Values.kafka.consumes }}
      - resource: { type: topic, name: {{ . }} }
        operations: [Read]
      {{- end }}
      {{- with .Values.kafka.groupId }}
      - resource: { type: group, name: {{ . }} }
        operations: [Read]
      {{- end }}
{{- end }}
{{- end }}
{{- end -}}
